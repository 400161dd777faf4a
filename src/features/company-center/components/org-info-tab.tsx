import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import {
  CONTACT_ADDRESS_MAX_LENGTH,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
} from '@contract/organization';
import type { OrganizationContactUpdate } from '@contract/organization-schemas';
import { scrollToFirstError } from '@/lib/form';
import { commonMessages } from '@/locales/zh-CN/common';
import { companyCenterMessages as text } from '@/locales/zh-CN/company-center';
import { isMobile, normalizeMobile } from '@/utils/validators';
import {
  useOrganizationQuery,
  useUpdateOrganizationMutation,
} from '@/features/company-center/api/company-center-api';
import styles from './company-center.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 企业信息: the organisation's details, and its contact details with 编辑联系人. */
export function OrgInfoTab() {
  const { message } = App.useApp();
  const organization = useOrganizationQuery();
  const [update, saving] = useUpdateOrganizationMutation();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<OrganizationContactUpdate>();

  if (organization.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const info = organization.data;
  if (!info) return <Alert type="warning" showIcon title={text.loadFailed} />;
  const value = (v: string) => v || <span className={styles.hint}>{text.notSet}</span>;

  const save = async (values: OrganizationContactUpdate) => {
    try {
      await update({ ...values, contactMobile: normalizeMobile(values.contactMobile) }).unwrap();
      void message.success(text.saved);
      setEditing(false);
    } catch {
      // The request layer has shown the server's message.
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.hint}>{text.fixedHint}</span>
        <Button
          type="primary"
          onClick={() => {
            form.setFieldsValue({
              contactName: info.contactName,
              contactMobile: info.contactMobile,
              contactEmail: info.contactEmail,
              contactAddress: info.contactAddress,
            });
            setEditing(true);
          }}
        >
          {text.editContact}
        </Button>
      </div>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: text.name, children: info.name },
          { key: 'creditCode', label: text.creditCode, children: info.creditCode },
          { key: 'legalPerson', label: text.legalPerson, children: value(info.legalPerson) },
          {
            key: 'auth',
            label: text.authStatus,
            children: info.authorized ? (
              <Tag color="success">{text.authorized}</Tag>
            ) : (
              <Tag>{text.unauthorized}</Tag>
            ),
          },
          {
            key: 'licence',
            label: text.licence,
            children: info.bound ? (
              <Tag color="success">{text.licenceBound}</Tag>
            ) : (
              <Tag>{text.licenceUnbound}</Tag>
            ),
          },
          { key: 'contactName', label: text.contactName, children: value(info.contactName) },
          { key: 'contactMobile', label: text.contactMobile, children: value(info.contactMobile) },
          { key: 'contactEmail', label: text.contactEmail, children: value(info.contactEmail) },
          { key: 'contactAddress', label: text.contactAddress, children: value(info.contactAddress) },
        ]}
      />
      <Modal
        title={text.editContact}
        open={editing}
        okText={text.save}
        cancelText={commonMessages.cancel}
        confirmLoading={saving.isLoading}
        onOk={() => form.submit()}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save} scrollToFirstError={scrollToFirstError}>
          <Form.Item
            name="contactName"
            label={text.contactName}
            rules={[{ required: true, whitespace: true, message: text.contactNameRequired }]}
          >
            <Input maxLength={CONTACT_NAME_MAX_LENGTH} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="contactMobile"
            label={text.contactMobile}
            rules={[
              { required: true, message: text.contactMobileRequired },
              {
                validator: (_, v: string | undefined) =>
                  !v || isMobile(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(text.contactMobileInvalid)),
              },
            ]}
          >
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item
            name="contactEmail"
            label={text.contactEmail}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  !v || EMAIL.test(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(text.contactEmailInvalid)),
              },
            ]}
          >
            <Input maxLength={CONTACT_EMAIL_MAX_LENGTH} autoComplete="email" />
          </Form.Item>
          <Form.Item name="contactAddress" label={text.contactAddress}>
            <Input maxLength={CONTACT_ADDRESS_MAX_LENGTH} autoComplete="street-address" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
