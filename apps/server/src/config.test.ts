import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicBaseUrl: 'http://localhost:3000',
      seedDemo: true,
      logLevel: 'info',
      session: { idleMinutes: 30, absoluteMinutes: 720 },
      trustProxy: false,
      corsOrigins: [],
      apiDocs: true,
    });
  });

  it('resolves a relative DATA_DIR from where npm was started, not from the workspace folder', () => {
    expect(loadConfig({ INIT_CWD: '/srv/medida' }).dataDir).toBe('/srv/medida/data');
    expect(loadConfig({ INIT_CWD: '/srv/medida', DATA_DIR: '/var/lib/medida' }).dataDir).toBe('/var/lib/medida');
  });

  it('builds the public address from PORT unless PUBLIC_BASE_URL is set', () => {
    expect(loadConfig({ PORT: '3777' }).publicBaseUrl).toBe('http://localhost:3777');
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', PORT: '', SEED_DEMO: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
  });

  it('parses the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/medida',
      SEED_DEMO: 'false',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      PUBLIC_BASE_URL: 'https://medida.example/',
      CORS_ORIGINS: 'http://localhost:5173',
      SESSION_IDLE_MINUTES: '15',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/medida',
      seedDemo: false,
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      publicBaseUrl: 'https://medida.example',
      corsOrigins: ['http://localhost:5173'],
      session: { idleMinutes: 15, absoluteMinutes: 720 },
    });
  });

  it('stops with a message naming every wrong variable', () => {
    const attempt = () => loadConfig({ PORT: 'http', SEED_DEMO: 'yes', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO[\s\S]*LOG_LEVEL|PORT/);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'SEED_DEMO', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  it('seeds the demo only on the embedded database unless asked, and never in production (issue 10 item 2)', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/medida' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/medida', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('turns the API docs off in production unless API_DOCS=true (issue 10 item 15)', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('refuses an idle timeout longer than the absolute lifetime', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_MINUTES: '30' })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
  });

  it('chooses the file store: s3 with S3_URL, else postgres with DATABASE_URL, else disk; BLOB_STORAGE overrides (decision 221)', () => {
    const pg = { DATABASE_URL: 'postgres://u@h/db' };
    const s3 = { S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'medida-files' };
    expect(loadConfig({ DATA_DIR: '/srv/medida' }).blobs).toEqual({ driver: 'disk', dir: '/srv/medida/uploads' });
    expect(loadConfig(pg).blobs).toEqual({ driver: 'postgres' });
    expect(loadConfig({ ...pg, ...s3, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).blobs).toEqual({
      driver: 's3',
      s3: {
        ...{ url: s3.S3_URL, bucket: s3.S3_BUCKET },
        region: 'us-east-1',
        credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      },
    });
    expect(loadConfig({ ...pg, ...s3, BLOB_STORAGE: 'postgres' }).blobs.driver).toBe('postgres');
    expect(loadConfig({ ...pg, BLOB_STORAGE: 'disk', DATA_DIR: '/srv/medida' }).blobs.driver).toBe('disk');
  });

  it('refuses an S3 store without its endpoint and bucket, a lone S3 key, or an unknown store', () => {
    expect(() => loadConfig({ BLOB_STORAGE: 's3' })).toThrow(/S3_URL and S3_BUCKET/);
    expect(() => loadConfig({ S3_URL: 'http://127.0.0.1:9000' })).toThrow(/S3_URL and S3_BUCKET/);
    expect(() => loadConfig({ S3_URL: 'http://h:9000', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /go together/,
    );
    expect(() => loadConfig({ S3_URL: 'ftp://h', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_URL[\s\S]*S3_BUCKET/);
    expect(() => loadConfig({ BLOB_STORAGE: 'nfs' })).toThrow(ConfigError);
  });
});
