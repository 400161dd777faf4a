/** The statements that count bill_payable_days afresh from the holdings, for rows written past the ledger. */
export const RECOUNT_LEDGER: readonly string[];
