// @vitest-environment node
import { lintAs } from './lint-file';

const FILE = 'src/features/dashboard/components/made-up.tsx';
const RULE = 'chain-bill-a11y/control-names';

const problems = async (code: string) =>
  (await lintAs(FILE, code)).filter((message) => message.startsWith(RULE));

const HEAD = `import Button from 'antd/es/button';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { commonMessages } from '@/locales/zh-CN/common';
`;

describe('every control is named in Chinese', { timeout: 60_000 }, () => {
  it('passes hidden icons, named icon buttons and names from the catalogue', async () => {
    const code = `${HEAD}
export const Tools = ({ onReload }: { onReload: () => void }) => (
  <>
    <Button icon={<ReloadOutlined aria-hidden />} onClick={onReload}>{commonMessages.search}</Button>
    <Button icon={<SearchOutlined aria-hidden />} aria-label={commonMessages.search} />
    <SearchOutlined aria-label={commonMessages.search} />
    <input aria-label="关键字" placeholder="企业名称" />
  </>
);
`;
    expect(await problems(code)).toEqual([]);
  });

  it('fails an icon left to name itself, even inside a button that has a text', async () => {
    const code = `${HEAD}
export const Reload = () => <Button icon={<ReloadOutlined />}>{commonMessages.search}</Button>;
`;
    expect(await problems(code)).toEqual([
      `${RULE}: ReloadOutlined names itself in English: give it aria-hidden (a control with a text) or a Chinese aria-label.`,
    ]);
  });

  it('fails a button with only an icon and no name', async () => {
    const code = `${HEAD}
export const Search = () => <Button icon={<SearchOutlined aria-hidden />} />;
`;
    expect(await problems(code)).toEqual([
      `${RULE}: A Button with only an icon is named by its icon: give it a Chinese aria-label.`,
    ]);
  });

  it('fails a Result whose status draws its own icon, and passes one given a hidden icon', async () => {
    const code = `import Result from 'antd/es/result';
import { CheckCircleFilled } from '@ant-design/icons';
export const Done = () => (
  <>
    <Result status="success" title="完成" />
    <Result status="success" icon={<CheckCircleFilled aria-hidden />} title="完成" />
    <Result status="404" title="不存在" />
  </>
);
`;
    expect(await problems(code)).toEqual([
      `${RULE}: A Result of status success draws an icon named in English: give it icon={<… aria-hidden />}.`,
    ]);
  });

  it('fails a Popconfirm left with its own icon', async () => {
    const code = `import Popconfirm from 'antd/es/popconfirm';
import { ExclamationCircleFilled } from '@ant-design/icons';
export const Remove = () => (
  <>
    <Popconfirm title="删除？"><a>删除</a></Popconfirm>
    <Popconfirm title="删除？" icon={<ExclamationCircleFilled aria-hidden />}><a>删除</a></Popconfirm>
  </>
);
`;
    expect(await problems(code)).toEqual([
      `${RULE}: A Popconfirm draws an icon named in English (exclamation-circle): give it icon={<… aria-hidden />}.`,
    ]);
  });

  it("fails a Select's clear button left to be named Clear", async () => {
    const code = `import Select from 'antd/es/select';
export const Pick = () => (
  <>
    <Select aria-label="状态" allowClear options={[]} />
    <Select aria-label="状态" allowClear={{ label: '清除' }} options={[]} />
  </>
);
`;
    expect(await problems(code)).toEqual([
      `${RULE}: A Select with allowClear names its clear button "Clear": give allowClear={{ label: … }}.`,
    ]);
  });

  it('fails a name or hint written in English', async () => {
    const code = `${HEAD}
export const Field = () => (
  <>
    <input aria-label="keyword" />
    <img src="/x.png" alt={'logo'} />
    <input placeholder={\`Search\`} />
    <span title="PDF 下载">PDF</span>
  </>
);
`;
    expect(await problems(code)).toEqual([
      `${RULE}: aria-label="keyword" is not Chinese: take the text from the message catalogue.`,
      `${RULE}: alt="logo" is not Chinese: take the text from the message catalogue.`,
      `${RULE}: placeholder="Search" is not Chinese: take the text from the message catalogue.`,
    ]);
  });
});
