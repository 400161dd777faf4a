import { fireEvent, render, screen, within } from '@testing-library/react';
import { StepInstructions } from './step-instructions';

const stepsOf = (title: string) =>
  within(screen.getByRole('region', { name: title })).getAllByRole('listitem');

describe('StepInstructions', () => {
  it('shows the LICENSE variant: its title and the three steps of scanning the e-licence', () => {
    render(<StepInstructions variant="LICENSE" />);
    const steps = stepsOf('操作步骤说明');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      '第1步使用电子营业执照小程序或App扫描左侧二维码',
      '第2步选择本企业的电子营业执照，输入执照密码',
      '第3步点击“确认登录”，等待认证成功',
    ]);
    expect(screen.getByRole('img', { name: /^第1步示意图：使用电子营业执照/ })).toBeInTheDocument();
  });

  it('shows the BANKTRANSFER variant: small-amount verification in three steps, arrival within 2 hours', () => {
    render(<StepInstructions variant="BANKTRANSFER" />);
    const steps = stepsOf('小额打款验证操作说明');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('填写企业对公银行账户信息');
    expect(steps[1]).toHaveTextContent('1元以下的随机金额，预计2小时内到账');
    expect(steps[2]).toHaveTextContent('在验证框中输入到账金额');
    for (const image of screen.getAllByRole('img')) {
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    }
  });

  it('takes a custom title', () => {
    render(<StepInstructions variant="BANKTRANSFER" title="如何完成打款认证" />);
    expect(screen.getByRole('heading', { name: '如何完成打款认证' })).toBeInTheDocument();
    expect(stepsOf('如何完成打款认证')).toHaveLength(3);
  });

  it('opens an image larger when clicked, unless preview is off', async () => {
    const { unmount } = render(<StepInstructions variant="LICENSE" />);
    expect(screen.getAllByText('点击查看大图')).toHaveLength(3);
    fireEvent.click(screen.getAllByRole('img')[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    unmount();

    render(<StepInstructions variant="LICENSE" preview={false} />);
    expect(screen.queryByText('点击查看大图')).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('img')[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
