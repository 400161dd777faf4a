import type { ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import { listFilterBarMessages } from '@/locales/zh-CN/list-filter-bar';
import styles from './list-filter-bar.module.css';

const text = listFilterBarMessages;

/** What asking for an export answers: the task (the export centre then holds the file), or the refusal. */
type ExportAnswer = { data: unknown } | { error: unknown };

export interface ListFilterBarProps<V extends object, F> {
  /** The form's name: its fields' ids start with it. */
  name: string;
  /** The filter fields: `Form.Item`s named after the keys of the form's values `V`. */
  children: ReactNode;
  /** The form's values as the list call takes them (texts trimmed, empty values left out). */
  filterOf: (values: V) => F;
  /** The list's new filter: the form's on 查询, the emptied form's on 重置. */
  onSearch: (filter: F) => void;
  /**
   * 导出 of the rows the list shows now, offered only when given (the user can open the export centre for
   * the file); the bar says when the task is made, and the request layer tells a refusal.
   */
  exportList?: { run: () => PromiseLike<ExportAnswer>; loading: boolean };
}

/** A list's filter bar: its fields, then 查询, 重置 and, where the list is exported, 导出. */
export function ListFilterBar<V extends object, F>({
  name,
  children,
  filterOf,
  onSearch,
  exportList,
}: ListFilterBarProps<V, F>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();

  const exportShown = async () => {
    if (!exportList) return;
    const answer = await exportList.run();
    if ('data' in answer) void message.success(text.exportCreated);
  };

  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      className={styles.bar}
      onFinish={(values) => onSearch(filterOf(values))}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {text.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(filterOf(form.getFieldsValue()));
            }}
          >
            {text.reset}
          </Button>
          {exportList && (
            <Button loading={exportList.loading} onClick={() => void exportShown()}>
              {text.export}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
