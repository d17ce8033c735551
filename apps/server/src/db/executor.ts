import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repository runs its SQL on: the database, or the transaction of a use case. */
export type Executor = Kysely<Database> | Transaction<Database>;
