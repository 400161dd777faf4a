import { SIDEBAR_OFFSETS, type SidebarCollapsed } from '@contract/constants';

/**
 * The sidebar's `collapsed` value of spec sections 3 and 9 is two flags, one character each:
 * the first says whether the rail of menu groups is wide (icon and name) or narrow (icon only),
 * the second whether the panel with the open group's pages shows. The content moves right by
 * SIDEBAR_OFFSETS: '10' 100 px, '11' 250 px, '01' 200 px, '00' 50 px.
 */
export interface SidebarShape {
  wideRail: boolean;
  panelOpen: boolean;
}

export function sidebarShape(collapsed: SidebarCollapsed): SidebarShape {
  return { wideRail: collapsed[0] === '1', panelOpen: collapsed[1] === '1' };
}

export function toCollapsed({ wideRail, panelOpen }: SidebarShape): SidebarCollapsed {
  return `${wideRail ? '1' : '0'}${panelOpen ? '1' : '0'}`;
}

/** How far the page content sits from the left edge (px). */
export function contentOffset(collapsed: SidebarCollapsed): number {
  return SIDEBAR_OFFSETS[collapsed];
}

/** Rail widths and the panel width that add up to the offsets above. */
export const RAIL_WIDTH = { wide: 100, narrow: 50 } as const;
export const PANEL_WIDTH = 150;

export function withRailToggled(collapsed: SidebarCollapsed): SidebarCollapsed {
  const shape = sidebarShape(collapsed);
  return toCollapsed({ ...shape, wideRail: !shape.wideRail });
}

export function withPanel(collapsed: SidebarCollapsed, panelOpen: boolean): SidebarCollapsed {
  return toCollapsed({ ...sidebarShape(collapsed), panelOpen });
}

export const isSidebarCollapsed = (value: unknown): value is SidebarCollapsed =>
  typeof value === 'string' && Object.hasOwn(SIDEBAR_OFFSETS, value);
