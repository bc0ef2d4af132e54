/**
 * An answer already written as JSON text (by the database: the monthly shift table's rows), sent as it
 * is by a `viewAnswer` route (route.ts); `T` is the contract's type the text holds.
 */
export class JsonText<T = unknown> {
  declare readonly of?: T;
  constructor(readonly text: string) {}
}
