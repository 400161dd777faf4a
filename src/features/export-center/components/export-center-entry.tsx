import { CloudDownloadOutlined } from '@ant-design/icons';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import { exportCenterMessages } from '@/locales/zh-CN/export-center';

const text = exportCenterMessages;

/** The header's way into the export centre, with the red dot of a newly finished export. */
export function ExportCenterEntry({ redDot, onOpen }: { redDot: boolean; onOpen: () => void }) {
  return (
    <Button
      type="text"
      onClick={onOpen}
      aria-label={redDot ? text.entryWithDot : text.entry}
      title={text.entry}
      data-tour="export"
    >
      <Badge dot={redDot}>
        <CloudDownloadOutlined aria-hidden style={{ fontSize: 18 }} />
      </Badge>
    </Button>
  );
}
