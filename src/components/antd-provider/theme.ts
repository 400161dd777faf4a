import type { ThemeConfig } from 'antd';

/**
 * The class that carries the theme's CSS variables (`--ant-color-text-description`, …). It sits on the
 * document element, so the app's own style sheets read the same colours as antd's components.
 */
export const THEME_CSS_VAR_KEY = 'cb-theme';

/** The brand blue: 6.6:1 on white, so it serves as text (links, primary buttons' labels on white) too. */
const BRAND_BLUE = '#1456c8';
const BRAND_BLUE_HOVER = '#0e44a3';
/**
 * Secondary text (descriptions, labels, empty states, breadcrumbs): 5.6:1 on the page background
 * (#f3f6fb) and 5.7:1 on white. antd's default (45% black) has 3.3:1, under WCAG AA's 4.5:1.
 */
const TEXT_MUTED = 'rgba(0, 0, 0, 0.6)';

/**
 * The theme every screen inherits (one ConfigProvider in app/provider.tsx). Every colour that antd writes
 * as text on a light background has at least 4.5:1 contrast (WCAG AA): status colours (tags, alerts,
 * results) are a shade darker than antd's and keep antd's light backgrounds; preset tag colours below.
 */
export const appTheme: ThemeConfig = {
  hashed: false,
  cssVar: { key: THEME_CSS_VAR_KEY },
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    // Hover darkens rather than lightens (antd's default), so a hovered link or primary button keeps its
    // contrast: 8:1 as text on white and under white text.
    colorPrimaryHover: BRAND_BLUE_HOVER,
    colorLinkHover: BRAND_BLUE_HOVER,
    borderRadius: 6,
    // A busy button stays readable (white on the brand blue at 85%: 4.8:1; antd fades it to 65%, 3.2:1).
    opacityLoading: 0.85,
    colorTextTertiary: TEXT_MUTED,
    colorTextDescription: TEXT_MUTED,
    // Placeholders are read before anything is typed: 4.9:1 on white, still lighter than typed text.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorSuccess: '#2f7d0c',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#a35c00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#c41d2b',
  },
};

/** The theme without antd's motion, for someone who asked the system for less of it. */
export const stillTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };

/**
 * The text shade (the 7th) of the preset tag colours whose own is under 4.5:1 on their 1st shade (the tag's
 * background): antd's palettes come from one seed per colour, and a darker seed turns the backgrounds grey,
 * while overriding a palette token does not reach antd's CSS variables (declared again on every component's
 * root, under THEME_CSS_VAR_KEY). So the variables themselves are declared, with a selector that outranks
 * antd's.
 */
const PRESET_TEXT_SHADES: Readonly<Record<string, string>> = {
  '--ant-green-7': '#237804',
  '--ant-cyan-7': '#006d75',
  '--ant-gold-7': '#874d00',
  '--ant-orange-7': '#ad4e00',
  '--ant-lime-7': '#3f6600',
  '--ant-yellow-7': '#876800',
  '--ant-volcano-7': '#ad2102',
};

/** Puts the theme's CSS variables on the document, for antd's components and the app's style sheets. */
export function applyThemeToDocument(doc: Document = document): void {
  doc.documentElement.classList.add(THEME_CSS_VAR_KEY);
  const style = doc.createElement('style');
  const declarations = Object.entries(PRESET_TEXT_SHADES).map(([name, value]) => `${name}:${value};`);
  style.textContent = `.${THEME_CSS_VAR_KEY}.${THEME_CSS_VAR_KEY}{${declarations.join('')}}`;
  doc.head.append(style);
}
