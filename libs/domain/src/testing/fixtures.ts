/** Fixed instants for scenarios: the domain never reads the clock, so tests name their own time. */
export const NOW = '2030-01-15T10:00:00.000Z';
export const LATER = '2030-01-16T08:30:00.000Z';

export const ACCOUNT_ID = '7b0c8a3e-1f7c-4a0e-9a53-3f1f6f0b2a10';
export const OTHER_ACCOUNT_ID = 'e2a4d6f8-3b5c-4d7e-8f90-a1b2c3d4e5f6';
export const USER_ID = '0d9b6c1a-5e4f-4b3a-8c2d-1e0f9a8b7c6d';
export const OTHER_USER_ID = '5f4e3d2c-1b0a-4988-8776-655443322110';
export const RECORD_ID = '9c8b7a69-5847-4362-9150-a4b3c2d1e0f9';
