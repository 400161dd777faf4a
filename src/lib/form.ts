import type { FormProps } from 'antd/es/form';

/**
 * Every form of the app scrolls its first invalid field into view and focuses it when a submit fails
 * validation (spec section 5): `<Form scrollToFirstError={scrollToFirstError}>`.
 */
export const scrollToFirstError: FormProps['scrollToFirstError'] = {
  behavior: 'smooth',
  block: 'center',
  focus: true,
};
