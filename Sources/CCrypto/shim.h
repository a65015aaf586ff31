// The parts of libcrypto Tern uses: scrypt / PBKDF2, CRYPTO_memcmp, RAND_bytes.
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/err.h>
