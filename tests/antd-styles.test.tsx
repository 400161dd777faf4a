import { render, screen } from '@testing-library/react';
import Button from 'antd/es/button';

/*
 * The setup file keeps antd's style elements out of jsdom's document (tests/setup.ts): the web tests' speed
 * rests on it, and nothing else would tell if a new antd stopped marking its styles the way the setup knows.
 */
describe('antd in the web tests', () => {
  it('writes its styles outside the document, and still draws', () => {
    render(<Button type="primary">发出通知</Button>);
    expect(screen.getByRole('button', { name: '发出通知' })).toHaveClass('ant-btn-primary');
    const inDocument = [...document.querySelectorAll('style')];
    expect(inDocument.filter((style) => style.hasAttribute('data-rc-order'))).toEqual([]);
    // Nor under another mark: no rule of the button's is in a sheet jsdom would match every element against.
    expect(inDocument.some((style) => style.textContent?.includes('.ant-btn'))).toBe(false);
  });
});
