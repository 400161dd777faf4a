/** Billing channels, their functions and what each organisation opened. */
export interface ChannelTables {
  channels: ChannelTable;
  channel_functions: ChannelFunctionTable;
  org_channels: OrgChannelTable;
  org_function_openings: OrgFunctionOpeningTable;
}

/** A billing channel of the platform (the environment's channel id among them). */
export interface ChannelTable {
  id: string;
  name: string;
  created_at: number;
}

export interface ChannelFunctionTable {
  channel_id: string;
  func_code: string;
}

export interface OrgChannelTable {
  org_id: string;
  channel_id: string;
  is_default: number;
  created_at: number;
}

export interface OrgFunctionOpeningTable {
  org_id: string;
  func_code: string;
  opened_at: number;
  opened_by: string | null;
}
