import { LinkOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Dropdown, { type DropdownProps } from 'antd/es/dropdown';
import Tag from 'antd/es/tag';
import type { CompanyItem } from '@contract/auth';
import { shellMessages } from '@/locales/zh-CN/shell';

const text = shellMessages;

type MenuItems = NonNullable<NonNullable<DropdownProps['menu']>['items']>;

export interface AccountMenuProps {
  companies: CompanyItem[];
  currentOrgId: string | undefined;
  orgName: string | undefined;
  /** The user owns the current organisation: 邀请成员 shows. */
  owner: boolean;
  switching: boolean;
  onSwitch: (company: CompanyItem) => void;
  onInvite: () => void;
  onJoinByLink: () => void;
}

/** The current organisation, with switching to another one, 邀请成员 (owners) and joining by an invitation link. */
export function AccountMenu({
  companies,
  currentOrgId,
  orgName,
  owner,
  switching,
  onSwitch,
  onInvite,
  onJoinByLink,
}: AccountMenuProps) {
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

  const shownName = orgName || shellMessages.noOrganization;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        loading={switching}
        icon={<SwapOutlined aria-hidden />}
        iconPlacement="end"
        aria-label={`${text.switchOrganization}（${text.currentOrganization}：${shownName}）`}
        title={text.switchOrganization}
        data-tour="account"
      >
        <span style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>{shownName}</span>
      </Button>
    </Dropdown>
  );
}
