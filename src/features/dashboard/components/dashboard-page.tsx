import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { format, messages } from '@/locales/zh-CN';

const text = messages.dashboard;

export interface DashboardPageProps {
  userName: string | undefined;
  orgName: string | undefined;
}

/** 工作台, the landing page after sign-in. Its business overview comes with a later issue. */
export function DashboardPage({ userName, orgName }: DashboardPageProps) {
  return (
    <section>
      <Typography.Title level={2}>{text.title}</Typography.Title>
      <Card>
        <Typography.Paragraph strong>{format(text.welcome, { name: userName ?? '' })}</Typography.Paragraph>
        <Typography.Paragraph>
          {format(text.organization, { orgName: orgName || messages.shell.noOrganization })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{text.placeholder}</Typography.Paragraph>
      </Card>
    </section>
  );
}
