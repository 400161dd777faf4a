import { Link } from 'react-router';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { paths } from '@/config/paths';
import { messages } from '@/locales/zh-CN';

const text = messages.helpCenter;

const pageStyle = { maxWidth: 800, margin: '0 auto', padding: '48px 24px' } as const;

/** 帮助中心 (`/help-center/chain-bill`): a few answers for now; its full content is a later issue. */
export function HelpCenterPage() {
  return (
    <main style={pageStyle}>
      <Typography.Title level={1}>{text.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text.intro}</Typography.Paragraph>
      {text.sections.map((section) => (
        <Card key={section.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={4}>{section.title}</Typography.Title>
          <Typography.Paragraph>{section.body}</Typography.Paragraph>
        </Card>
      ))}
      <Link to={paths.login}>{text.backToLogin}</Link>
    </main>
  );
}
