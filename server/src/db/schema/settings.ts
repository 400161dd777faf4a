/** Platform settings an operator changes without a release. */
export interface SettingsTables {
  platform_settings: PlatformSettingTable;
}

/** Settings an operator may change without a release (SHCPE system status, business hours). Value is JSON. */
export interface PlatformSettingTable {
  key: string;
  value: string;
  updated_at: number;
}
