//! A TCP relay that can cut its connections at once, as a client's network vanishes.

/// A TCP relay to the server that can vanish at once, as a client's network does: every
/// connection through it is cut. (Dropping a client's stream instead asks its HTTP/2 stack
/// to tell the server; a client that vanishes tells nothing, and that is the case here.)
pub struct Relay {
    /// The URL a client connects to instead of the server's.
    pub url: String,
    task: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// A relay to `server` (`host:port`) on a free loopback port.
    pub async fn to(server: &str) -> Relay {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("relay binds");
        let port = listener.local_addr().expect("relay's address").port();
        let server = server.to_string();
        let task = tokio::spawn(async move {
            let mut links = tokio::task::JoinSet::new();
            while let Ok((mut client, _)) = listener.accept().await {
                let server = server.clone();
                links.spawn(async move {
                    if let Ok(mut upstream) = tokio::net::TcpStream::connect(&server).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                    }
                });
            }
        });
        Relay {
            url: format!("http://127.0.0.1:{port}"),
            task,
        }
    }

    /// Cuts every connection: the relay's task, and with it every link it runs, ends.
    pub fn cut(self) {
        self.task.abort();
    }
}
