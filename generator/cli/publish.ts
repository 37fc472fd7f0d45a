// `npm run publish -- --dist DIR --to s3://BUCKET/PREFIX [--endpoint URL] [--region R] [--keep N] [--json]`.
import { runPublishCommand } from '../upload/publish-command.ts';

process.exitCode = await runPublishCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  error: (line) => console.error(line),
  progressStream: process.stderr,
  environment: process.env,
});
