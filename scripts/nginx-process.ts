import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { writeProxyReplies } from '../deploy/proxy-replies';

const root = path.resolve(import.meta.dirname, '..');
/** Debian's libnginx-mod-http-brotli-static, which deploy/nginx-assets.conf's `brotli_static` needs. */
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface Nginx {
  url: string;
  /** The access log, as the site's `access_log` writes it (Debian's `combined` when it names none). */
  accessLog: string;
  stop: () => Promise<void>;
}

/**
 * An nginx of our own on plain HTTP at a free port, configured as deploy/nginx.conf's site:
 * its upstream block (its two ports made `upstreamPorts`), its server_tokens, body limit, access log and catalogue
 * imports' location, deploy/nginx-proxy.conf for `location /`
 * and what has no file, deploy/nginx-assets.conf for `/assets/` from `assetsRoot`'s `assets/`,
 * deploy/nginx-replies.conf for nginx's own replies (their files written into `work`), and the
 * site's location hiding `/healthz`, `/readyz` and `/metrics`.
 * Each proxied reply names the instance that gave it (X-Upstream). For the deployment test and the
 * bench; `work` is a folder of the caller's for its configuration, logs and temporary files.
 */
export async function startNginx({
  work,
  port,
  upstreamPorts,
  assetsRoot,
}: {
  work: string;
  port: number;
  upstreamPorts: [number, number];
  assetsRoot: string;
}): Promise<Nginx> {
  if (!fs.existsSync(brotliModule)) throw new Error(`${brotliModule} is missing: run scripts/ensure-nginx.sh as root`);
  const site = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const upstream = /upstream autoparts \{[\s\S]*?\n\}/.exec(site)?.[0];
  if (!upstream) throw new Error('deploy/nginx.conf has no upstream block');
  // The site's own body limit and its location for catalogue imports, as written there.
  const bodyLimit = /^ {4}client_max_body_size \S+;$/m.exec(site)?.[0];
  const tokens = /^ {4}server_tokens \S+;$/m.exec(site)?.[0] ?? '';
  const imports = /^ {4}location = \/api\/admin\/catalogue\/imports \{[\s\S]*?\n {4}\}$/m.exec(site)?.[0];
  if (!bodyLimit || !imports) throw new Error("deploy/nginx.conf has no client_max_body_size or no location for catalogue imports");
  // nginx's own replies (deploy/nginx-replies.conf), their files written here as a release writes
  // them, and the site's locations that hide the instances' liveness and metrics.
  const replyKind = /^map "\$uri\|\$request" \$autoparts_reply \{[\s\S]*?\n\}$/m.exec(site)?.[0];
  const hidden = /^ {4}location ~ \^\/\(healthz[\s\S]*?\n {4}\}$/m.exec(site)?.[0];
  if (!replyKind || !hidden || !site.includes('include /etc/nginx/snippets/autoparts-replies.conf;')) {
    throw new Error("deploy/nginx.conf has no map of $autoparts_reply, no include of its replies or no location hiding /healthz");
  }
  const repliesDir = path.join(work, 'proxy-replies');
  writeProxyReplies(repliesDir);
  const replies = path.join(work, 'nginx-replies.conf');
  fs.writeFileSync(replies, fs.readFileSync(path.join(root, 'deploy/nginx-replies.conf'), 'utf8').replaceAll('/opt/autoparts/proxy-replies', repliesDir));
  // The site's access log, written here: its format and the one it names (else Debian's nginx.conf
  // logs every site in `combined`, to /var/log/nginx/access.log).
  const accessLog = path.join(work, 'access.log');
  const logFormat = /^log_format [\s\S]*?;$/m.exec(site)?.[0] ?? '';
  const logFormatName = /^ {4}access_log \S+ (\S+);$/m.exec(site)?.[1] ?? 'combined';
  const temp = (name: string) => `${name}_temp_path ${path.join(work, `${name}-temp`)};`;
  const proxied = `include ${path.join(root, 'deploy/nginx-proxy.conf')};
      add_header X-Upstream $upstream_addr always;`;
  const config = `
load_module ${brotliModule};
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ${logFormat}
  ${replyKind}
  access_log ${accessLog} ${logFormatName};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${upstream.replace('127.0.0.1:3001', `127.0.0.1:${upstreamPorts[0]}`).replace('127.0.0.1:3002', `127.0.0.1:${upstreamPorts[1]}`)}
  server {
    listen 127.0.0.1:${port};
${tokens}
${bodyLimit}
${imports.replace('include /etc/nginx/snippets/autoparts-proxy.conf;', proxied)}
    include ${replies};
${hidden.replace('include /etc/nginx/snippets/autoparts-proxy.conf;', proxied)}
    location / {
      ${proxied}
    }
    location /assets/ {
      root ${assetsRoot};
      include ${path.join(root, 'deploy/nginx-assets.conf')};
    }
    location @shop {
      ${proxied}
    }
  }
}
`;
  fs.writeFileSync(path.join(work, 'nginx.conf'), config);
  const log = path.join(work, 'nginx-error.log');
  const child: ChildProcess = spawn('/usr/sbin/nginx', ['-p', work, '-e', log, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
  for (let tries = 0; !(await accepts(port)); tries += 1) {
    if (child.exitCode !== null || tries > 100) {
      throw new Error(`nginx did not start: ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : 'no log'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
