import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { format } from '@/locales/format';
import { orgChannelMessages } from '@/locales/zh-CN/org-channel';
import {
  useCheckedDefaultChannelQuery,
  useOrgChannelsQuery,
  useSetDefaultChannelMutation,
} from '@/features/org-channel/api/org-channel-api';
import styles from './org-channel.module.css';

const text = orgChannelMessages;

/** The organisation's channels on the dashboard, with 设为默认. */
export function OrgChannelsPanel() {
  const { message } = App.useApp();
  const channels = useOrgChannelsQuery();
  const checked = useCheckedDefaultChannelQuery();
  const [setDefault, setting] = useSetDefaultChannelMutation();
  const list = channels.data ?? [];

  const choose = async (channelId: string, name: string) => {
    try {
      await setDefault(channelId).unwrap();
      void message.success(format(text.setDefaultDone, { name }));
    } catch {
      void message.error(text.setDefaultFailed);
    }
  };

  return (
    <Card title={text.title} size="small" style={{ height: '100%' }}>
      {channels.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : channels.isError ? (
        <Alert type="warning" showIcon title={text.loadFailed} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.empty} />
      ) : (
        <>
          {checked.data && !checked.data.checked && (
            <Alert type="info" showIcon title={text.notChecked} style={{ marginBottom: 8 }} />
          )}
          <ul className={styles.channels}>
            {list.map((channel) => (
              <li key={channel.channelId} className={styles.channel}>
                <span>
                  {channel.channelName}
                  {channel.isDefault && (
                    <Tag color="blue" style={{ marginLeft: 8 }}>
                      {text.defaultTag}
                    </Tag>
                  )}
                </span>
                {!channel.isDefault && (
                  <Button
                    size="small"
                    loading={setting.isLoading && setting.originalArgs === channel.channelId}
                    onClick={() => void choose(channel.channelId, channel.channelName)}
                    aria-label={`${text.setDefault}：${channel.channelName}`}
                  >
                    {text.setDefault}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
