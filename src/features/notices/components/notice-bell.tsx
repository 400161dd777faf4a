import { Suspense, useState } from 'react';
import { format } from '@/locales/format';
import { noticeMessages } from '@/locales/zh-CN/notices';
import { loadChunk } from '@/utils/lazy-chunk';
import { lazyAntdPart } from '@/components/antd-provider/lazy-with-antd';
import { ToolButton } from '@/components/plain-controls/tool-button';
import type { NoticeBellProps } from './notice-bell-popover';

const text = noticeMessages;

const { Part: NoticeBellPopover, preload } = lazyAntdPart(() =>
  loadChunk(() => import('./notice-bell-popover')).then((module) => module.NoticeBellPopover),
);

/**
 * The header's bell with the unread total. It draws in plain elements, as part of the signed-in frame's
 * first paint; the first click loads the popover (antd's, notice-bell-popover.tsx), which takes its
 * place opened.
 */
export function NoticeBell({ feed, onChanged }: NoticeBellProps) {
  const [used, setUsed] = useState(false);
  const trigger = (
    <ToolButton
      icon="bell"
      count={feed.total}
      busy={used}
      aria-label={feed.total > 0 ? format(text.bellWithCount, { count: feed.total }) : text.bell}
      caption={text.bell}
      data-tour="notices"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <NoticeBellPopover feed={feed} onChanged={onChanged} initialOpen />
    </Suspense>
  );
}
