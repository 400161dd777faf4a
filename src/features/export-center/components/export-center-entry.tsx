import { exportCenterMessages } from '@/locales/zh-CN/export-center';
import { ToolButton } from '@/components/plain-controls/tool-button';

const text = exportCenterMessages;

/** The header's way into the export centre, with the red dot of a newly finished export. */
export function ExportCenterEntry({ redDot, onOpen }: { redDot: boolean; onOpen: () => void }) {
  return (
    <ToolButton
      icon="cloudDownload"
      dot={redDot}
      onClick={onOpen}
      aria-label={redDot ? text.entryWithDot : text.entry}
      title={text.entry}
      caption={text.entry}
      data-tour="export"
    />
  );
}
