import type { ReactNode } from 'react';
import {
  CalendarOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import ConfigProvider from 'antd/es/config-provider';
import type {
  AlertConfig,
  DatePickerConfig,
  InputSearchConfig,
  ModalConfig,
  SelectConfig,
} from 'antd/es/config-provider/context';
import zhCN from 'antd/es/locale/zh_CN';
import { commonMessages } from '@/locales/zh-CN/common';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/utils/media-query';
import { AntdApp } from './antd-app';
import { appTheme, stillTheme } from './theme';

/** Input.Search's button is named by its icon, which antd names "search". */
const SEARCH_DEFAULTS = {
  searchIcon: <SearchOutlined aria-label={commonMessages.search} />,
} satisfies InputSearchConfig;

/*
 * The arrows, clear and remove marks of selects and date fields, hidden from screen readers: antd names
 * each after its glyph in English ("down", "calendar", "close-circle"), and the field they decorate has its
 * own name; the keyboard opens, clears and edits it without them.
 */
const SELECT_DEFAULTS = {
  suffixIcon: <DownOutlined aria-hidden />,
  clearIcon: <CloseCircleFilled aria-hidden />,
  removeIcon: <CloseOutlined aria-hidden />,
  loadingIcon: <LoadingOutlined spin aria-hidden />,
} satisfies SelectConfig;

const DATE_PICKER_DEFAULTS = {
  suffixIcon: <CalendarOutlined aria-hidden />,
  clearIcon: <CloseCircleFilled aria-hidden />,
} satisfies DatePickerConfig;

/*
 * The status icons of confirmation dialogs and alerts, hidden from screen readers: antd names them in
 * English ("info-circle"), and the title or the message beside them says what they mean.
 */
const STATUS_ICONS = {
  infoIcon: <InfoCircleFilled aria-hidden />,
  successIcon: <CheckCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
} as const;
const MODAL_DEFAULTS = STATUS_ICONS satisfies ModalConfig;
/** No ripple spreading from a clicked button, for someone who asked for less motion. */
const NO_WAVE = { disabled: true } as const;
const ALERT_DEFAULTS = STATUS_ICONS satisfies AlertConfig;

/**
 * antd in Chinese (zh_CN) with the app's theme, around every screen drawn with antd. Each such screen's
 * lazy route brings it (app/app-routes.tsx), so the login screen, which draws without antd, paints before
 * antd's core loads. Someone who asked the system for less motion gets antd without its animations: menus,
 * dialogs and drawers are there at once, a click cannot land on one still zooming in, no ripple spreads from
 * a clicked button, and a 处理中 status dot does not pulse (app/styles.css).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={reducedMotion ? stillTheme : appTheme}
      wave={reducedMotion ? NO_WAVE : undefined}
      button={{ autoInsertSpace: false }}
      inputSearch={SEARCH_DEFAULTS}
      select={SELECT_DEFAULTS}
      datePicker={DATE_PICKER_DEFAULTS}
      modal={MODAL_DEFAULTS}
      alert={ALERT_DEFAULTS}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * The provider with antd's App (`App.useApp()`: message, notification, modal), for a part of the signed-in
 * app drawn with antd inside a frame that draws without it (a page, a dialog, a drop-down).
 */
export function AntdAppProvider({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <AntdApp>{children}</AntdApp>
    </AntdProvider>
  );
}
