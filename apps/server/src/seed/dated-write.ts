import type { Tx } from '../db/client.ts';
import { createRuleCalendar, type SettledRules } from '../modules/rule-calendar/rule-calendar.service.ts';
import { createRuleVersionsRepository } from '../modules/rule-calendar/rule-versions.repository.ts';

/**
 * A dated rule write outside any route (the demo's scheduled raise, the benchmarks' monthly
 * raises): the rule calendar's open, write and settle on `tx`, from `effectiveFrom`, with no
 * actor and no audit entry of its own (the caller records one, or none), and no back pay.
 */
export function datedRuleWrite(
  tx: Tx,
  days: { today: string; effectiveFrom: string },
  label: string,
  write: () => Promise<void>,
): Promise<SettledRules> {
  const notUsed = () => {
    throw new Error(`${label}: a dated write outside a route records its audit entry itself`);
  };
  const calendar = createRuleCalendar({
    versions: (handle) => createRuleVersionsRepository(handle ?? tx),
    today: async () => days.today,
    audit: { record: notUsed, payBefore: notUsed },
  });
  const uow = {
    tx,
    actor: null,
    audit: { recorded: [], required: false },
    preview: false,
    label,
    effectiveFrom: days.effectiveFrom,
  };
  return calendar.dated(uow, write);
}
