/**
 * What a reactor needs (docs/reactors.md): declare it with defineReactor, append through its tools
 * (ids from stepEventId), add it to `reactors`, and let a request run its step at once with
 * ReactorSteps when it answers with the result.
 */
export { defineReactor, runReactorStep, stepEventId, ReactorRunner } from '@app/read-models';
export type { Reactor, ReactorTools, StepEvent, StepAppendOptions, StepResult } from '@app/read-models';
export { reactors } from '@app/processes';
export { ReactorSteps } from './reactor-steps';
