//! A minimal HTTP/1.0 client on a plain TCP stream, so the example can call itself without an
//! HTTP client dependency. HTTP/1.0 keeps the response simple: no chunks, closed at its end.

use std::{io, net::SocketAddr};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// One request and its response, as the example prints them.
#[derive(Debug, Clone)]
pub struct Exchange {
    /// `GET /posts/…`.
    pub request: String,
    /// The request body, if any.
    pub request_body: Option<String>,
    /// The response's status code.
    pub status: u16,
    /// The response body.
    pub body: String,
}

/// Sends one request with an optional JSON body and reads the whole response.
pub async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> io::Result<Exchange> {
    let mut stream = TcpStream::connect(addr).await?;
    let payload = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        payload.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(payload.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let response = String::from_utf8(response)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
    let (head, response_body) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no end of headers"))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no status code"))?;
    Ok(Exchange {
        request: format!("{method} {path}"),
        request_body: body.map(str::to_owned),
        status,
        body: response_body.to_owned(),
    })
}
