import { CloudDownloadOutlined } from '@ant-design/icons';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import { appMessages } from '@/locales/zh-CN-app';

const text = appMessages.exportCenter;

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
