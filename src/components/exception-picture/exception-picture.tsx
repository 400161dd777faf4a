import NoFound from 'antd/es/result/noFound';
import Unauthorized from 'antd/es/result/unauthorized';

/*
 * antd draws a Result of status 403 or 404 with a picture whose SVG title names it in English
 * ("Unauthorized", "No Found"), read out as an image before the page's own Chinese title. These are the
 * same pictures, hidden from screen readers, at the size antd gives them (its `-image` class).
 */
const PICTURES = { '403': Unauthorized, '404': NoFound } as const;

/** The props that draw a Result with antd's picture for `status`, hidden: `<Result {...exceptionPicture('403')} />`. */
export function exceptionPicture(status: keyof typeof PICTURES) {
  const Picture = PICTURES[status];
  return {
    icon: (
      <span aria-hidden="true">
        <Picture />
      </span>
    ),
    classNames: { icon: 'ant-result-image' },
  };
}
