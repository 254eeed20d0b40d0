//! The one tower `Service` wrapper the layers in front of the Hustings service share
//! (metrics, limits per client, request checks): each layer is a [`Policy`] that decides
//! what happens to one call, and [`Wrapped`] does the plumbing they have in common —
//! readiness, the ready service taking this call while a clone waits for the next, and the
//! service's name for tonic's router — so each layer's file keeps only its policy.

use std::convert::Infallible;
use std::task::{Context, Poll};

use tonic::body::Body;
use tonic::codegen::http;
use tonic::codegen::{BoxFuture, Service};
use tonic::server::NamedService;

/// The answer to one call.
pub type Call = BoxFuture<http::Response<Body>, Infallible>;

/// A gRPC service a policy can sit in front of (the Hustings service, or another
/// [`Wrapped`] one).
pub trait Inner:
    Service<
        http::Request<Body>,
        Response = http::Response<Body>,
        Error = Infallible,
        Future: Send + 'static,
    > + NamedService
    + Clone
    + Send
    + 'static
{
}

impl<T> Inner for T where
    T: Service<
            http::Request<Body>,
            Response = http::Response<Body>,
            Error = Infallible,
            Future: Send + 'static,
        > + NamedService
        + Clone
        + Send
        + 'static
{
}

/// What a layer does with one call: answer it itself (a refusal), or pass it on to `inner`
/// (ready to take it), looking at the request or the response on the way.
pub trait Policy: Clone + Send + 'static {
    /// Handles `req`; `inner` is the wrapped service, ready for exactly this call.
    fn call<S: Inner>(&self, inner: S, req: http::Request<Body>) -> Call;
}

/// `inner` behind `policy`.
#[derive(Clone, Debug)]
pub struct Wrapped<S, P> {
    inner: S,
    policy: P,
}

impl<S, P> Wrapped<S, P> {
    /// `inner` with every call going through `policy`.
    pub fn new(inner: S, policy: P) -> Self {
        Wrapped { inner, policy }
    }
}

impl<S: NamedService, P> NamedService for Wrapped<S, P> {
    const NAME: &'static str = S::NAME;
}

impl<S: Inner, P: Policy> Service<http::Request<Body>> for Wrapped<S, P> {
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = Call;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<Body>) -> Call {
        // The clone takes the next call; this one goes to the service that was ready.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        self.policy.call(inner, req)
    }
}

/// The method a request path names in service `S` (`Act` for `/hustings.v1.Hustings/Act`),
/// if the path is one of `S`'s.
pub fn method_in<S: NamedService>(path: &str) -> Option<&str> {
    path.strip_prefix('/')?
        .strip_prefix(S::NAME)?
        .strip_prefix('/')
}
