export * from './completed-steps';
export * from './reactor';
export * from './reactor-runner';
export * from './reactor-tools';
export * from './step-event-id';
