#ifndef CHAT_TUI_CTLS_SHIM_H
#define CHAT_TUI_CTLS_SHIM_H

// OpenSSL, as chat-tui's TLS client uses it. The macros OpenSSL defines over
// SSL_ctrl are wrapped in functions Swift can call, and the fiddly walks over
// a certificate (its names, its digest) are done here, in a few lines of C.

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <string.h>

/// A client context that speaks TLS 1.2 or later and trusts the system's
/// store (SSL_CERT_FILE and SSL_CERT_DIR as OpenSSL reads them) and, when
/// given, the CA file `ca_file` too. NULL when the CA file cannot be read.
static inline SSL_CTX *chat_tls_context(const char *ca_file) {
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (context == NULL) return NULL;
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_default_verify_paths(context);
    // Writes from a non-blocking loop: a write may take part of the buffer,
    // and the rest is offered again later from wherever it then lies.
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    if (ca_file != NULL && SSL_CTX_load_verify_locations(context, ca_file, NULL) != 1) {
        SSL_CTX_free(context);
        return NULL;
    }
    // The handshake itself does not stop at a bad certificate: the chain, the
    // name and the dates are still checked, and the result read with
    // SSL_get_verify_result before a byte is sent, so that a refusal can say
    // what failed and show the fingerprint of the certificate it saw.
    SSL_CTX_set_verify(context, SSL_VERIFY_NONE, NULL);
    return context;
}

/// Shows the certificate in `path` (PEM, with the chain after it) to the
/// server, proved by the private key in the same file. 0 when either cannot be
/// read or they do not match.
static inline int chat_tls_use_certificate(SSL_CTX *context, const char *path) {
    return SSL_CTX_use_certificate_chain_file(context, path) == 1
        && SSL_CTX_use_PrivateKey_file(context, path, SSL_FILETYPE_PEM) == 1
        && SSL_CTX_check_private_key(context) == 1;
}

/// A session on `descriptor` for a server the user named `host`: SNI is sent
/// for a name (never for an address), and the certificate must be for that
/// name or address. NULL on failure.
static inline SSL *chat_tls_session(SSL_CTX *context, int descriptor, const char *host, int host_is_address) {
    SSL *session = SSL_new(context);
    if (session == NULL) return NULL;
    int ok = SSL_set_fd(session, descriptor) == 1;
    if (ok && host_is_address) {
        ok = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host) == 1;
    } else if (ok) {
        ok = SSL_set_tlsext_host_name(session, host) == 1 && SSL_set1_host(session, host) == 1;
    }
    if (!ok) {
        SSL_free(session);
        return NULL;
    }
    return session;
}

/// The SHA-256 digest of the server's certificate into `digest` (32 bytes);
/// 0 when the server showed none.
static inline int chat_tls_peer_sha256(SSL *session, unsigned char *digest) {
    X509 *certificate = SSL_get1_peer_certificate(session);
    if (certificate == NULL) return 0;
    unsigned int length = 0;
    int ok = X509_digest(certificate, EVP_sha256(), digest, &length) == 1 && length == 32;
    X509_free(certificate);
    return ok;
}

/// The DNS names and addresses the server's certificate is for, separated by
/// ", ", into `buffer`; its common name when it has no such names.
static inline void chat_tls_peer_names(SSL *session, char *buffer, size_t size) {
    buffer[0] = 0;
    X509 *certificate = SSL_get1_peer_certificate(session);
    if (certificate == NULL) return;
    GENERAL_NAMES *names = X509_get_ext_d2i(certificate, NID_subject_alt_name, NULL, NULL);
    size_t used = 0;
    for (int index = 0; names != NULL && index < sk_GENERAL_NAME_num(names); index++) {
        const GENERAL_NAME *name = sk_GENERAL_NAME_value(names, index);
        char text[256];
        text[0] = 0;
        if (name->type == GEN_DNS) {
            int length = ASN1_STRING_length(name->d.dNSName);
            if (length > 0 && length < (int)sizeof text) {
                memcpy(text, ASN1_STRING_get0_data(name->d.dNSName), (size_t)length);
                text[length] = 0;
            }
        } else if (name->type == GEN_IPADD) {
            const unsigned char *bytes = ASN1_STRING_get0_data(name->d.iPAddress);
            int length = ASN1_STRING_length(name->d.iPAddress);
            if (length == 4) snprintf(text, sizeof text, "%u.%u.%u.%u", bytes[0], bytes[1], bytes[2], bytes[3]);
            else if (length == 16) snprintf(text, sizeof text, "an IPv6 address");
        }
        if (text[0] == 0) continue;
        int written = snprintf(buffer + used, size - used, "%s%s", used ? ", " : "", text);
        if (written < 0 || (size_t)written >= size - used) break;
        used += (size_t)written;
    }
    if (names != NULL) GENERAL_NAMES_free(names);
    if (used == 0) {
        X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, buffer, (int)size);
    }
    X509_free(certificate);
}

/// The most recent error OpenSSL queued, in its words, into `buffer`.
static inline void chat_tls_last_error(char *buffer, size_t size) {
    unsigned long code = ERR_get_error();
    buffer[0] = 0;
    if (code != 0) ERR_error_string_n(code, buffer, size);
    ERR_clear_error();
}

#endif
