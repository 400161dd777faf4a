import { ORG_FUNCTIONS, type FuncCode } from '@contract/shell';
import { PERMISSION } from '@contract/permissions';
import { companyCenterMessages } from '@/locales/zh-CN/company-center';
import { navMessages } from '@/locales/zh-CN/nav';

/**
 * One thing, one name: where the menu, the company centre's tabs, the permission catalogue and the
 * functions an organisation opens speak of the same thing, they name it alike.
 */
describe('the names on screen', () => {
  const functionName = (code: FuncCode) => ORG_FUNCTIONS.find((entry) => entry.funcCode === code)!.funcName;

  it('names a business the organisation opens as its menu item', () => {
    expect(functionName('EASE_DISCOUNT')).toBe(navMessages.easeDiscount);
    expect(functionName('PLEDGE_FIN')).toBe(navMessages.pledgeFinancing);
    expect(functionName('BILL_PAY_PROMPT')).toBe(navMessages.payPrompt);
  });

  it('names the members page alike in the menu, the company centre and the permissions', () => {
    expect(navMessages.staff).toBe(companyCenterMessages.tabs.staff);
    expect(PERMISSION.staff.name).toBe(navMessages.staff);
  });
});
