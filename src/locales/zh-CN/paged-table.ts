/** A paged list's table: what it offers when its page failed to load. */
export const pagedTableMessages = {
  retry: '重试',
} as const;
