import { contentOffset, isSidebarCollapsed, sidebarShape, withPanel, withRailToggled } from './sidebar';

describe('sidebar collapsed values (spec sections 4 and 9)', () => {
  it.each([
    ['10', 100],
    ['11', 250],
    ['01', 200],
    ['00', 50],
  ] as const)('%s moves the content %i px right', (collapsed, offset) => {
    expect(contentOffset(collapsed)).toBe(offset);
  });

  it('reads the first flag as the wide rail and the second as the open panel', () => {
    expect(sidebarShape('10')).toEqual({ wideRail: true, panelOpen: false });
    expect(sidebarShape('01')).toEqual({ wideRail: false, panelOpen: true });
  });

  it('toggles the rail and opens or closes the panel without touching the other flag', () => {
    expect(withRailToggled('10')).toBe('00');
    expect(withRailToggled('01')).toBe('11');
    expect(withPanel('10', true)).toBe('11');
    expect(withPanel('01', false)).toBe('00');
  });

  it('knows the four values and nothing else', () => {
    expect(['10', '11', '01', '00'].every(isSidebarCollapsed)).toBe(true);
    expect(isSidebarCollapsed('12')).toBe(false);
    expect(isSidebarCollapsed(10)).toBe(false);
  });
});
