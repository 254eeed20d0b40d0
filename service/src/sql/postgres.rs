//! PostgreSQL store (`--database-url postgres://…`), with the same schema and statements as
//! SQLite.
//!
//! The async `tokio-postgres` client with a `deadpool-postgres` pool: reads take a pooled
//! connection; writes go to a few writer tasks, each of which takes every write waiting and
//! commits them in one transaction, its statements pipelined on one connection (group
//! commit). PostgreSQL's default `synchronous_commit = on` flushes the commit to its WAL
//! before the write returns. A connection that broke is replaced by the pool.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow};
use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use hustings_engine::Seat;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_postgres::NoTls;
use tokio_postgres::types::ToSql;

use super::lease::{
    CREATE_LEASE, Leases, Node, ORPHANED_CLOCKS, RUNNING_CLOCKS_FREE, cluster_secret,
};
use super::lobby;
use super::{
    APPEND_CHOICE, CREATE_VERSION_TABLE, Columns, FINISH, INSERT_CHOICE, INSERT_MATCH,
    LINK_REMATCH, LOAD_CHOICES_OF, LOAD_SEATS_OF, MAX_BATCH, MIGRATIONS, MatchRow, NewRow, Param,
    Plan, SAVE_LIVE, SEAT_STATUS, TOKEN_SEATS, UPSERT_SEAT, VERSION_OF, Write, append_refused,
    assemble, assemble_listed, decode_clocks, encode_clocks, finish_params, list_sql,
    load_match_sql, match_row, page, plan, seat_row, seats_of_sql, waiting_sql,
};
use crate::store::{
    Append, ChoiceRecord, ListPage, ListQuery, Listed, LiveState, LobbyPage, MatchRecord,
    Ownership, SeatRecord, Store, StoreError,
};

/// Connections in the pool: the writers' and the readers'.
const POOL_SIZE: usize = 8;

/// Writer tasks, each committing one batch at a time on its own connection: while one
/// waits for its commit to be flushed, another gathers the next batch.
const WRITERS: usize = 2;

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// A store in a PostgreSQL database, as one node of the servers that share it (see
/// [`super::lease`]).
pub struct PostgresStore {
    pool: Pool,
    writes: mpsc::UnboundedSender<(Write, Reply)>,
    url: String,
    leases: Arc<Leases>,
    /// How to connect, for the lobby's LISTEN connection (see [`super::lobby::listen`]);
    /// boxed, as it is large and rarely read.
    config: Box<tokio_postgres::Config>,
    pruning: lobby::Pruning,
    /// The secret this database's nodes share (see [`crate::forward::Secret`]).
    secret: String,
}

/// The URL with any password replaced by `***`, for messages.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split(':').next().unwrap_or("");
            let pass = if userinfo.contains(':') { ":***" } else { "" };
            format!("{scheme}://{user}{pass}@{host}{tail}")
        }
        None => url.to_string(),
    }
}

impl PostgresStore {
    /// Connects (waiting at most 10 s unless the URL sets `connect_timeout`) and migrates the
    /// database, as the default node (this host's name, the default lease). An unreachable
    /// server, refused credentials, a newer schema or foreign tables are errors.
    pub async fn open(url: &str) -> anyhow::Result<PostgresStore> {
        Self::open_node(url, Node::default()).await
    }

    /// Like [`PostgresStore::open`], as the cluster node `node`.
    pub async fn open_node(url: &str, node: Node) -> anyhow::Result<PostgresStore> {
        let shown = redact(url);
        let mut config: tokio_postgres::Config = url
            .parse()
            .with_context(|| format!("invalid PostgreSQL URL {shown}"))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        // A node paused inside a transaction would hold its row locks (and so stall a
        // take-over) until it wakes: PostgreSQL ends such a transaction after a lease.
        let idle = format!(
            "-c idle_in_transaction_session_timeout={}",
            node.lease.as_millis().max(1000)
        );
        let options = match config.get_options() {
            Some(o) if !o.is_empty() => format!("{o} {idle}"),
            _ => idle,
        };
        config.options(&options);
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .context("cannot build the PostgreSQL pool")?;
        let mut client = pool.get().await.map_err(|e| {
            anyhow!(
                "cannot connect to the PostgreSQL database {shown}: {}",
                with_causes(&e)
            )
        })?;
        migrate(&mut client)
            .await
            .with_context(|| format!("cannot use {shown}"))?;
        let leases = Arc::new(Leases::new(node));
        leases
            .heartbeat(&client)
            .await
            .with_context(|| format!("cannot register this node in {shown}"))?;
        let secret = cluster_secret(&client)
            .await
            .with_context(|| format!("cannot read the cluster's secret in {shown}"))?;
        drop(client);
        let (tx, rx) = mpsc::unbounded_channel();
        let rx = Arc::new(Mutex::new(rx));
        for _ in 0..WRITERS {
            tokio::spawn(writer(pool.clone(), rx.clone(), leases.clone()));
        }
        Ok(PostgresStore {
            pool,
            writes: tx,
            url: shown,
            leases,
            config: Box::new(config),
            pruning: lobby::Pruning::default(),
            secret,
        })
    }

    /// This node's name, URL and lease.
    pub fn node(&self) -> &Node {
        &self.leases.node
    }

    /// The database URL, password hidden.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A pooled connection (also the accounts', [`super::accounts`]).
    pub(super) async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool
            .get()
            .await
            .map_err(|e| StoreError::Backend(format!("postgres: {}", with_causes(&e))))
    }

    async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writes.send((w, tx)).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }

    /// Stores many matches (with their choices) in one transaction: for importing and for
    /// benchmarks. All or nothing.
    pub async fn create_many(&self, records: Vec<MatchRecord>) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        for record in &records {
            insert_record(&tx, record).await?;
        }
        tx.commit().await.map_err(backend)
    }

    /// The schema version recorded in the database.
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        self.client()
            .await?
            .query_one("SELECT version FROM schema_version", &[])
            .await
            .map(|r| r.get(0))
            .map_err(backend)
    }

    /// Match rows from `sql` with `params`, and their seats.
    async fn listed(&self, sql: &str, params: &[Param]) -> Result<Vec<Listed>, StoreError> {
        let client = self.client().await?;
        let boxed: Vec<Box<dyn ToSql + Sync + Send>> = params
            .iter()
            .map(|p| -> Box<dyn ToSql + Sync + Send> {
                match p {
                    Param::Text(t) => Box::new(t.clone()),
                    Param::Int(i) => Box::new(*i),
                    Param::Small(i) => Box::new(*i),
                }
            })
            .collect();
        let refs: Vec<&(dyn ToSql + Sync)> = boxed
            .iter()
            .map(|b| b.as_ref() as &(dyn ToSql + Sync))
            .collect();
        let stmt = client.prepare_cached(sql).await.map_err(backend)?;
        let rows: Vec<MatchRow> = client
            .query(&stmt, &refs)
            .await
            .map_err(backend)?
            .iter()
            .map(match_row)
            .collect::<Result<_, _>>()
            .map_err(backend)?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<&(dyn ToSql + Sync)> =
            rows.iter().map(|r| &r.id as &(dyn ToSql + Sync)).collect();
        let seats = client
            .query(&seats_of_sql(ids.len()), &ids)
            .await
            .map_err(backend)?
            .iter()
            .map(|r| Ok((r.text(0)?, r.int(1)?, seat_row(r, 2)?)))
            .collect::<Result<_, _>>()
            .map_err(backend)?;
        assemble_listed(rows, seats)
    }
}

fn stopped() -> StoreError {
    StoreError::Backend("the PostgreSQL writers have stopped".into())
}

/// A writer task: takes every write waiting, commits them together, answers each.
async fn writer(
    pool: Pool,
    rx: Arc<Mutex<mpsc::UnboundedReceiver<(Write, Reply)>>>,
    leases: Arc<Leases>,
) {
    loop {
        let batch = {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else {
                return;
            };
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH
                && let Ok(w) = rx.try_recv()
            {
                batch.push(w);
            }
            batch
        };
        let (writes, replies): (Vec<Write>, Vec<Reply>) = batch.into_iter().unzip();
        let start = std::time::Instant::now();
        let committed = commit_batch(&pool, &writes, &leases).await;
        crate::metrics::commit("postgres", writes.len(), start.elapsed());
        match committed {
            Ok(results) => {
                for (reply, r) in replies.into_iter().zip(results) {
                    let _ = reply.send(r);
                }
            }
            Err(e) => {
                for reply in replies {
                    let _ = reply.send(Err(e.clone()));
                }
            }
        }
    }
}

/// One transaction for every write of the batch, their statements pipelined. The epochs
/// of the matches written are checked first, under share locks held to the commit: a write
/// of a match another node took over stores nothing and is told [`StoreError::Fenced`].
async fn commit_batch(
    pool: &Pool,
    writes: &[Write],
    leases: &Leases,
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut client = pool
        .get()
        .await
        .map_err(|e| StoreError::Backend(format!("postgres: {}", with_causes(&e))))?;
    let tx = client.transaction().await.map_err(backend)?;
    let fenced = leases.fence(&tx, writes).await?;
    let on = &tx;
    let results = futures::future::join_all(writes.iter().zip(&fenced).map(|(w, &f)| async move {
        match (f, w.fenced_id()) {
            (true, Some(id)) => Err(StoreError::Fenced(id.to_string())),
            _ => apply(on, w, leases).await,
        }
    }))
    .await;
    // A statement that failed for a backend reason aborted the transaction; the commit
    // then fails and every write of the batch hears so.
    tx.commit().await.map_err(backend)?;
    for (w, r) in writes.iter().zip(&results) {
        match (w, r) {
            (Write::Create(record), Ok(())) => leases.hold(&record.id, 1),
            (_, Err(StoreError::Fenced(id))) => leases.forget(id),
            _ => {}
        }
    }
    Ok(results)
}

async fn apply(c: &impl GenericClient, w: &Write, leases: &Leases) -> Result<(), StoreError> {
    match w {
        Write::Create(record) => {
            insert_record(c, record).await?;
            c.execute(
                &c.prepare_cached(CREATE_LEASE).await.map_err(backend)?,
                &[&record.id, &leases.node.id, &leases.lease_param()],
            )
            .await
            .map_err(backend)?;
            Ok(())
        }
        Write::SetSeat { id, seat, record } => {
            if upsert_seat_row(c, id, *seat, record).await? == 0 {
                return Err(StoreError::NoSuchMatch(id.clone()));
            }
            c.execute(
                &c.prepare_cached(SEAT_STATUS).await.map_err(backend)?,
                &[id],
            )
            .await
            .map_err(backend)?;
            Ok(())
        }
        Write::Append { id, append } => append_choice(c, id, append).await,
        Write::SaveLive { id, live } => {
            let n = c
                .execute(
                    &c.prepare_cached(SAVE_LIVE).await.map_err(backend)?,
                    &[id, live],
                )
                .await
                .map_err(backend)?;
            if n == 0 {
                return Err(StoreError::NoSuchMatch(id.clone()));
            }
            Ok(())
        }
    }
}

async fn migrate(client: &mut deadpool_postgres::Object) -> anyhow::Result<()> {
    let tables: Vec<String> = client
        .query(
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() ORDER BY 1",
            &[],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let version: Option<i64> = if tables.iter().any(|t| t == "schema_version") {
        client
            .query_one("SELECT MAX(version) FROM schema_version", &[])
            .await?
            .get(0)
    } else {
        None
    };
    let Plan::Migrate { from } = plan(&tables, version).map_err(|e| anyhow!(e))?;
    if from == MIGRATIONS.len() {
        return Ok(());
    }
    let tx = client.transaction().await?;
    if from == 0 {
        tx.batch_execute(CREATE_VERSION_TABLE).await?;
        tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])
            .await?;
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(from) {
        tx.batch_execute(m)
            .await
            .with_context(|| format!("migration to schema version {}", i + 1))?;
    }
    tx.execute(
        "UPDATE schema_version SET version = $1",
        &[&(MIGRATIONS.len() as i64)],
    )
    .await?;
    tx.commit().await?;
    tracing::info!(from, to = MIGRATIONS.len(), "database schema migrated");
    Ok(())
}

pub(super) fn backend(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(format!("postgres: {}", with_causes(&e)))
}

/// The error and its sources on one line (`tokio_postgres::Error` shows only the
/// outermost).
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let s_text = s.to_string();
        if !text.contains(&s_text) {
            text.push_str(": ");
            text.push_str(&s_text);
        }
        source = s.source();
    }
    text
}

async fn insert_record(c: &impl GenericClient, record: &MatchRecord) -> Result<(), StoreError> {
    let row = NewRow::of(record)?;
    let n = c
        .execute(
            &c.prepare_cached(INSERT_MATCH).await.map_err(backend)?,
            &[
                &record.id,
                &record.game,
                &row.setup,
                &row.options,
                &record.created_at_unix_ms,
                &row.outcome,
                &row.settings,
                &(row.status as i32),
                &Option::<String>::None,
                &(row.clocked as i32),
                &record.rematch_next,
                &row.live,
                &(row.rated as i32),
            ],
        )
        .await
        .map_err(backend)?;
    if n == 0 {
        return Err(StoreError::Backend(format!(
            "match {} already exists",
            record.id
        )));
    }
    for (seat, s) in record.seats.iter().enumerate() {
        upsert_seat_row(c, &record.id, seat, s).await?;
    }
    for (idx, ch) in record.choices.iter().enumerate() {
        c.execute(
            &c.prepare_cached(INSERT_CHOICE).await.map_err(backend)?,
            &[
                &record.id,
                &(idx as i32),
                &(ch.seat as i32),
                &ch.choice.to_string(),
                &encode_clocks(&ch.clocks)?,
            ],
        )
        .await
        .map_err(backend)?;
    }
    if let Some(old) = &record.settings.rematch_of {
        c.execute(
            &c.prepare_cached(LINK_REMATCH).await.map_err(backend)?,
            &[old, &record.id],
        )
        .await
        .map_err(backend)?;
    }
    Ok(())
}

async fn upsert_seat_row(
    c: &impl GenericClient,
    id: &str,
    seat: Seat,
    s: &SeatRecord,
) -> Result<u64, StoreError> {
    c.execute(
        &c.prepare_cached(UPSERT_SEAT).await.map_err(backend)?,
        &[
            &id,
            &(seat as i32),
            &(s.bot as i32),
            &s.ai,
            &s.ai_level,
            &s.token_hash,
            &s.player_name,
            &s.client_kind,
            &s.account_id(),
            &s.account_handle,
        ],
    )
    .await
    .map_err(backend)
}

async fn append_choice(c: &impl GenericClient, id: &str, a: &Append) -> Result<(), StoreError> {
    let n = c
        .execute(
            &c.prepare_cached(APPEND_CHOICE).await.map_err(backend)?,
            &[
                &id,
                &(a.index as i32),
                &(a.choice.seat as i32),
                &a.choice.choice.to_string(),
                &encode_clocks(&a.choice.clocks)?,
            ],
        )
        .await
        .map_err(backend)?;
    if n == 0 {
        let version: Option<i64> = c
            .query_opt(VERSION_OF, &[&id])
            .await
            .map_err(backend)?
            .map(|r| r.get(0));
        return Err(append_refused(id, a.index, version));
    }
    if let Some((outcome, forfeit)) = finish_params(a)? {
        c.execute(
            &c.prepare_cached(FINISH).await.map_err(backend)?,
            &[&id, &outcome, &forfeit],
        )
        .await
        .map_err(backend)?;
    }
    Ok(())
}

impl Columns for tokio_postgres::Row {
    type Error = tokio_postgres::Error;
    fn float(&self, at: usize) -> Result<f64, Self::Error> {
        self.try_get(at)
    }
    fn text(&self, at: usize) -> Result<String, Self::Error> {
        self.try_get(at)
    }
    fn opt_text(&self, at: usize) -> Result<Option<String>, Self::Error> {
        self.try_get(at)
    }
    fn big(&self, at: usize) -> Result<i64, Self::Error> {
        self.try_get(at)
    }
    fn opt_big(&self, at: usize) -> Result<Option<i64>, Self::Error> {
        self.try_get(at)
    }
    fn int(&self, at: usize) -> Result<i64, Self::Error> {
        self.try_get::<_, i32>(at).map(i64::from)
    }
}

#[async_trait::async_trait]
impl Store for PostgresStore {
    async fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        self.write(Write::create(record)).await
    }

    async fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        self.write(Write::set_seat(id, seat, record)).await
    }

    async fn append(&self, id: &str, append: &Append) -> Result<(), StoreError> {
        self.write(Write::append(id, append)).await
    }

    async fn save_live(&self, id: &str, live: &LiveState) -> Result<(), StoreError> {
        self.write(Write::save_live(id, live)?).await
    }

    async fn load(&self, id: &str) -> Result<Option<MatchRecord>, StoreError> {
        let client = self.client().await?;
        let sql = load_match_sql();
        let Some(row) = client
            .query_opt(&sql, &[&id])
            .await
            .map_err(backend)?
            .as_ref()
            .map(match_row)
            .transpose()
            .map_err(backend)?
        else {
            return Ok(None);
        };
        let seats = client
            .query(LOAD_SEATS_OF, &[&id])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| Ok((r.int(0)?, seat_row(r, 1)?)))
            .collect::<Result<_, _>>()
            .map_err(backend)?;
        let choices = client
            .query(LOAD_CHOICES_OF, &[&id])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| {
                (
                    i64::from(r.get::<_, i32>(0)),
                    ChoiceRecord {
                        seat: r.get::<_, i32>(1) as Seat,
                        choice: r.get::<_, String>(2).into(),
                        clocks: decode_clocks(r.get::<_, Option<String>>(3).as_deref()),
                    },
                )
            })
            .collect();
        Ok(Some(assemble(row, seats, choices)?.record))
    }

    async fn token_seats(&self, token_hash: &str) -> Result<Vec<(String, Seat)>, StoreError> {
        Ok(self
            .client()
            .await?
            .query(TOKEN_SEATS, &[&token_hash])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| (r.get::<_, String>(0), r.get::<_, i32>(1) as Seat))
            .collect())
    }

    async fn list(&self, query: &ListQuery) -> Result<ListPage, StoreError> {
        let (sql, params) = list_sql(query);
        Ok(page(self.listed(&sql, &params).await?, query.page_size))
    }

    async fn waiting_for_bots(&self, limit: usize) -> Result<Vec<Listed>, StoreError> {
        self.listed(&waiting_sql(limit), &[]).await
    }

    async fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        Ok(self
            .client()
            .await?
            .query(RUNNING_CLOCKS_FREE, &[&self.leases.node.id])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect())
    }

    async fn orphaned_clocks(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(self
            .client()
            .await?
            .query(ORPHANED_CLOCKS, &[&(limit as i64)])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| r.get::<_, String>(0))
            .collect())
    }

    async fn acquire(&self, id: &str) -> Result<Ownership, StoreError> {
        self.leases.acquire(&self.client().await?, id).await
    }

    async fn renew(&self) -> Result<Vec<String>, StoreError> {
        self.leases.renew(&self.client().await?).await
    }

    async fn release(&self, id: &str) -> Result<(), StoreError> {
        self.leases.release(&self.client().await?, id).await
    }

    async fn release_all(&self) -> Result<(), StoreError> {
        self.leases.release_all(&self.client().await?).await
    }

    fn holds(&self, id: &str) -> bool {
        self.leases.holds(id)
    }

    fn lease_period(&self) -> Option<Duration> {
        Some(self.leases.node.lease)
    }

    fn cluster_secret(&self) -> Option<String> {
        Some(self.secret.clone())
    }

    async fn lobby_append(
        &self,
        events: &[hustings_proto::v1::LobbyEvent],
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        lobby::append(&mut client, &self.leases.node.id, events, &self.pruning).await
    }

    async fn lobby_head(&self) -> Result<i64, StoreError> {
        lobby::head(&self.client().await?).await
    }

    async fn lobby_after(&self, after: i64, limit: usize) -> Result<LobbyPage, StoreError> {
        lobby::after(&self.client().await?, after, limit).await
    }

    fn lobby_wakeups(&self) -> Option<mpsc::Receiver<()>> {
        Some(lobby::listen((*self.config).clone()))
    }

    async fn announce(&self, pools: &str) -> Result<Vec<(String, String)>, StoreError> {
        let node = &self.leases.node;
        lobby::announce(
            &self.client().await?,
            &node.id,
            node.advertise.as_deref(),
            pools,
            node.lease,
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("postgres://u:secret@127.0.0.1:5432/db"),
            "postgres://u:***@127.0.0.1:5432/db"
        );
        assert_eq!(
            redact("postgres://u@127.0.0.1/db"),
            "postgres://u@127.0.0.1/db"
        );
        assert_eq!(redact("postgres://127.0.0.1"), "postgres://127.0.0.1");
    }
}
