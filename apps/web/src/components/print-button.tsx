import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

/** Opens the browser's print dialog; the print styles (app/global.css) lay the page out for A4. */
export function PrintButton() {
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} aria-hidden />}
      onClick={() => window.print()}
    >
      Print
    </Button>
  );
}
