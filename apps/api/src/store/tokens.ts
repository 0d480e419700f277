/** Injection tokens for what has no class of its own. */
export const API_CONFIG = Symbol('ApiConfig');
export const STORES = Symbol('Stores');
/** The read-model Database ({kind, db, listen, close}). */
export const DATABASE = Symbol('Database');
/** The EventStore port. */
export const EVENT_STORE = Symbol('EventStore');
