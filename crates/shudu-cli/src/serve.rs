//! `shudu serve`: the web game (the `shudu-web` crate) on a local address.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use crate::output::warn;
use crate::Status;

pub const LONG_ABOUT: &str = "\
Serve the web game: play in a browser, on a phone or a desktop.

The page and everything it needs are inside this binary; games, statistics and settings are kept in an SQLite \
database in the data directory (the platform's data directory for shudu, or $SHUDU_DATA_DIR, or --data), beside \
the key that signs players' cookies. Every move is saved before the page is told so: a game survives a reload, a \
restart and a crash of the server.

The first line written to standard output is the address served, `shudu: serving on http://ADDR (data: DIR)`; \
with port 0 the system picks a free port and that line tells which. Ctrl-C (or SIGTERM) stops the server after the \
requests in flight.";

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Use 0.0.0.0:8080 to serve other machines (put HTTPS in front, and pass
    /// --secure-cookies).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,

    /// The data directory. Default: $SHUDU_DATA_DIR, else the platform's data directory for shudu.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,

    /// Puzzles kept made ahead at each level, so a new game starts at once.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pool: usize,

    /// Mark cookies Secure (when the server is reached over HTTPS through a proxy).
    #[arg(long)]
    secure_cookies: bool,

    /// The most the database may grow to, in megabytes (a quota on a shared disk). A move that would pass it is
    /// refused and reported, as on a full disk; games already stored stay readable.
    #[arg(long, value_name = "MB", value_parser = crate::at_least_one::<u64>)]
    max_db_mb: Option<u64>,
}

/// Runs `shudu serve`.
pub fn run(args: &ServeArgs) -> Status {
    let Some(data) = args.data.clone().or_else(shudu_game::data_dir) else {
        warn(format_args!(
            "serve: no data directory: set --data or $SHUDU_DATA_DIR (there is no home directory)"
        ));
        return Status::Failed;
    };
    let mut config = shudu_web::Config::new(data.clone());
    config.pool_target = args.pool;
    config.secure_cookies = args.secure_cookies;
    config.max_db_bytes = args.max_db_mb.map(|mb| mb.saturating_mul(1 << 20));
    let app = match shudu_web::App::open(config) {
        Ok(app) => app,
        Err(e) => {
            warn(format_args!("serve: {e}"));
            return Status::Failed;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            warn(format_args!("serve: cannot start the runtime: {e}"));
            return Status::Failed;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(args.addr).await {
            Ok(l) => l,
            Err(e) => {
                warn(format_args!("serve: cannot listen on {}: {e}", args.addr));
                return Status::Failed;
            }
        };
        let addr = listener
            .local_addr()
            .map_or_else(|_| args.addr.to_string(), |a| a.to_string());
        println!("shudu: serving on http://{addr} (data: {})", data.display());
        // Tests and scripts read the address from the first line: it must not wait in a buffer.
        use std::io::Write;
        let _ = std::io::stdout().flush();
        match shudu_web::serve(listener, app, stop_signal()).await {
            Ok(()) => Status::Ok,
            Err(e) => {
                warn(format_args!("serve: {e}"));
                Status::Failed
            }
        }
    })
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
