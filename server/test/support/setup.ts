import { dropTestSchemas } from './postgres-test-db';

// Apps started on PostgreSQL each get a schema of their own; none outlives its test file.
afterAll(dropTestSchemas);
