import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ErrorEnvelopeSchema } from './error-envelope.schema';

export const OPENAPI_JSON_PATH = 'api/v3/openapi.json';
export const OPENAPI_UI_PATH = 'api/v3/docs';

/** The OpenAPI 3 document, generated from the controllers and DTOs, and a browsable page over it. */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Business engine API')
    .setDescription(
      'Sales and purchasing documents, inventory, customers and suppliers. Errors answer ' +
        '`{error: {type, code, message, param?}}` (schema ErrorEnvelope).',
    )
    .setVersion('3')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
      description: 'An API key: sk_live_…',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorEnvelopeSchema] });
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Business engine API',
  });
}
