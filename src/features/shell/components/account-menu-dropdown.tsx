import { useState } from 'react';
import { LinkOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Dropdown, { type DropdownProps } from 'antd/es/dropdown';
import Tag from 'antd/es/tag';
import { shellMessages } from '@/locales/zh-CN/shell';
import { accountLabel, accountName, type AccountMenuProps } from './account-menu';

const text = shellMessages;

type MenuItems = NonNullable<NonNullable<DropdownProps['menu']>['items']>;

export interface AccountMenuDropdownProps extends AccountMenuProps {
  /** Mounted by the first click on the frame's button (account-menu.tsx): opens at once, focus on it. */
  initialOpen?: boolean;
}

/** The current organisation, with switching to another one, 邀请成员 (owners) and joining by an invitation link. */
export function AccountMenuDropdown({
  companies,
  currentOrgId,
  orgName,
  owner,
  switching,
  onSwitch,
  onInvite,
  onJoinByLink,
  initialOpen = false,
}: AccountMenuDropdownProps) {
  const [open, setOpen] = useState(initialOpen);
  const others = companies.filter((company) => company.orgId !== currentOrgId);
  const current = companies.find((company) => company.orgId === currentOrgId);
  const items: MenuItems = [
    {
      type: 'group',
      key: 'organizations',
      label: text.switchOrganization,
      children: [
        ...(current
          ? [
              {
                key: `org:${current.orgId}`,
                disabled: true,
                label: (
                  <span>
                    {current.orgName} <Tag color="blue">{text.currentOrganization}</Tag>
                  </span>
                ),
              },
            ]
          : []),
        ...others.map((company) => ({
          key: `org:${company.orgId}`,
          label: (
            <span>
              {company.orgName}
              {company.owner && <Tag style={{ marginLeft: 6 }}>{text.owner}</Tag>}
              {!company.authorized && <Tag color="orange">{text.unauthorizedOrg}</Tag>}
            </span>
          ),
        })),
        ...(others.length === 0 ? [{ key: 'none', disabled: true, label: text.noOtherOrganization }] : []),
      ],
    },
    { type: 'divider' },
    ...(owner ? [{ key: 'invite', icon: <UserAddOutlined aria-hidden />, label: text.inviteMember }] : []),
    { key: 'join', icon: <LinkOutlined aria-hidden />, label: text.joinByLink },
  ];

  const onClick: NonNullable<DropdownProps['menu']>['onClick'] = ({ key }) => {
    if (key === 'invite') onInvite();
    else if (key === 'join') onJoinByLink();
    else if (key.startsWith('org:')) {
      const company = others.find((candidate) => `org:${candidate.orgId}` === key);
      if (company) onSwitch(company);
    }
  };

  const shownName = accountName(orgName);
  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <Button
        type="text"
        loading={switching}
        icon={<SwapOutlined aria-hidden />}
        iconPlacement="end"
        aria-label={accountLabel(shownName)}
        title={text.switchOrganization}
        data-tour="account"
        autoFocus={initialOpen}
      >
        <span style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>{shownName}</span>
      </Button>
    </Dropdown>
  );
}
