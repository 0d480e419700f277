/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
    '^.+\\.js$': ['@swc/jest', {}],
  },
  // content-disposition 3 (under @fastify/static, for the OpenAPI page) ships ESM only.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleNameMapper: {
    '^@app/(domain|event-store|read-models|processes|runtime)$': '<rootDir>/libs/$1/src',
    '^@app/(domain|event-store|read-models|processes|runtime)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testTimeout: 60000,
  // A worker per core: one worker (jest's default of cores - 1 on these 2-core machines) leaves a
  // core mostly idle while a file waits on its databases; two ran a dozen e2e files in 127 s, not 195.
  maxWorkers: '100%',
  // Run the files in a worker that is replaced once it holds more than this after a file: in one
  // long-lived process (jest's default on a 2-core machine) the whole suite grew to 14 GB.
  workerIdleMemoryLimit: '1536MB',
};
