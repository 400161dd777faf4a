import { useNavigate } from 'react-router';
import { ToolOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import { paths } from '@/config/paths';
import { format } from '@/locales/format';
import { areaMessages } from '@/locales/zh-CN/areas';

const text = areaMessages.construction;

export interface UnderConstructionPageProps {
  /** The area's name, e.g. 出票. */
  name: string;
  /** What the page will let the user do. */
  plan: string;
}

/** A business area that is not built yet: what it is, what it will do, and the way back. */
export function UnderConstructionPage({ name, plan }: UnderConstructionPageProps) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="construction-title">
      <Result
        icon={<ToolOutlined aria-hidden style={{ color: '#1456c8' }} />}
        title={
          <h1 id="construction-title" style={{ fontSize: 22, margin: 0 }}>
            {format(text.title, { name })} <Tag color="processing">{text.tag}</Tag>
          </h1>
        }
        subTitle={
          <>
            <span>{text.intro}</span>
            <br />
            <span>{plan}</span>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(paths.dashboard)}>
            {text.back}
          </Button>
        }
      />
    </section>
  );
}
