import type { ReactNode } from 'react';
import { ArrowRightOutlined, CheckOutlined, CloseOutlined, LoadingOutlined } from '@ant-design/icons';
import type { GlobalToken } from 'antd';

export type SliderPhase = 'idle' | 'dragging' | 'verifying' | 'success' | 'failure';

export interface SliderLook {
  border: string;
  track: string;
  fill: string;
  text: string;
  handleBackground: string;
  handleColor: string;
  handleIcon: ReactNode;
}

/** Colours of the track and handle per phase, from the antd theme: green success, red failure. */
export function sliderLook(phase: SliderPhase, token: GlobalToken): SliderLook {
  const active = { handleBackground: token.colorPrimary, handleColor: token.colorTextLightSolid };
  switch (phase) {
    case 'idle':
      return {
        border: token.colorBorder,
        track: token.colorFillQuaternary,
        fill: 'transparent',
        text: token.colorTextSecondary,
        handleBackground: token.colorBgContainer,
        handleColor: token.colorTextSecondary,
        handleIcon: <ArrowRightOutlined aria-hidden />,
      };
    case 'dragging':
      return {
        border: token.colorPrimary,
        track: token.colorFillQuaternary,
        fill: token.colorPrimaryBg,
        text: token.colorTextSecondary,
        ...active,
        handleIcon: <ArrowRightOutlined aria-hidden />,
      };
    case 'verifying':
      return {
        border: token.colorPrimary,
        track: token.colorFillQuaternary,
        fill: token.colorPrimaryBg,
        text: token.colorPrimary,
        ...active,
        handleIcon: <LoadingOutlined aria-hidden />,
      };
    case 'success':
      return {
        border: token.colorSuccess,
        track: token.colorSuccessBg,
        fill: token.colorSuccessBg,
        text: token.colorSuccess,
        handleBackground: token.colorSuccess,
        handleColor: token.colorTextLightSolid,
        handleIcon: <CheckOutlined aria-hidden />,
      };
    case 'failure':
      return {
        border: token.colorError,
        track: token.colorErrorBg,
        fill: token.colorErrorBg,
        text: token.colorError,
        handleBackground: token.colorError,
        handleColor: token.colorTextLightSolid,
        handleIcon: <CloseOutlined aria-hidden />,
      };
  }
}
