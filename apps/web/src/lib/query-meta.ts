/** What a query or mutation tells the global error handler. */
export type AppQueryMeta = {
  /** The caller shows the error itself (a form, an inline state): no toast. */
  silent?: boolean;
};

declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}
