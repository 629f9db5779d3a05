import { DEFAULT_MONEY_FORMAT, formatMoney as formatIn } from '@salary/shared/common/money';

/** An amount as a fresh install writes it: USD, en-US ("$1,234.56"). */
export const formatMoney = (value: number | null | undefined) => formatIn(value, DEFAULT_MONEY_FORMAT);
