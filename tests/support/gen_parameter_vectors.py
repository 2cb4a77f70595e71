# Independent vectors for tests/backend_conformance_test.cpp (ParameterRanges), computed with Python's
# `cryptography` package (pyca, OpenSSL-backed), not with cryptauditor. Deterministic inputs from SHA-256 of a label.
import hashlib, hmac as pyhmac
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, AESCCM
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa, padding
from cryptography.hazmat.primitives import serialization

def det(label, n):
    out = b''
    i = 0
    while len(out) < n:
        out += hashlib.sha256(f'{label}/{i}'.encode()).digest(); i += 1
    return out[:n]

rows = []
def add(alg, bits, key, params, nonce, aad, msg, out):
    rows.append((alg, bits, key.hex(), params, nonce.hex(), aad.hex(), msg.hex(), out.hex()))

# HMAC with keys of other lengths (RFC 2104: any length; longer than a block is hashed first)
for alg, h, klen in [('HMAC-SHA2-256', hashlib.sha256, 20), ('HMAC-SHA2-256', hashlib.sha256, 131),
                     ('HMAC-SHA1', hashlib.sha1, 5), ('HMAC-SHA2-384', hashlib.sha384, 48),
                     ('HMAC-SHA2-512', hashlib.sha512, 200), ('HMAC-SHA2-224', hashlib.sha224, 1)]:
    key = det(f'{alg}-key-{klen}', klen); msg = det(f'{alg}-msg-{klen}', 77)
    add(alg, klen * 8, key, '', b'', b'', msg, pyhmac.new(key, msg, h).digest())

# AES-GCM: other IV lengths and truncated tags (SP 800-38D)
for bits, ivlen, taglen in [(128, 8, 16), (256, 16, 16), (192, 60, 16), (256, 12, 12), (128, 12, 13), (256, 8, 12)]:
    key = det(f'gcm-key-{bits}-{ivlen}-{taglen}', bits // 8); iv = det(f'gcm-iv-{ivlen}', ivlen)
    aad = det('gcm-aad', 20); msg = det(f'gcm-msg-{ivlen}', 45)
    enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    enc.authenticate_additional_data(aad)
    ct = enc.update(msg) + enc.finalize()
    params = ','.join(p for p in [f'tag={taglen}' if taglen != 16 else '', f'nonce={ivlen}' if ivlen != 12 else ''] if p)
    add('AES-GCM', bits, key, params, iv, aad, msg, ct + enc.tag[:taglen])

# AES-CCM: nonces of 7..13 bytes, tags of 4..16 (SP 800-38C)
for bits, nlen, taglen in [(128, 7, 16), (256, 13, 8), (192, 12, 4), (128, 10, 14), (256, 11, 16)]:
    key = det(f'ccm-key-{bits}-{nlen}-{taglen}', bits // 8); nonce = det(f'ccm-nonce-{nlen}', nlen)
    aad = det('ccm-aad', 9); msg = det(f'ccm-msg-{nlen}', 33)
    out = AESCCM(key, tag_length=taglen).encrypt(nonce, msg, aad)
    params = ','.join(p for p in [f'tag={taglen}' if taglen != 16 else '', f'nonce={nlen}' if nlen != 12 else ''] if p)
    add('AES-CCM', bits, key, params, nonce, aad, msg, out)

# GMAC-AES: GCM over the message as AAD, empty plaintext, other IV lengths
for bits, ivlen in [(128, 16), (256, 8)]:
    key = det(f'gmac-key-{bits}', bits // 8); iv = det(f'gmac-iv-{ivlen}', ivlen); msg = det('gmac-msg', 50)
    enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    enc.authenticate_additional_data(msg); enc.finalize()
    add('GMAC-AES', bits, key, f'nonce={ivlen}', iv, b'', msg, enc.tag)

for r in rows:
    print('    {"%s", %d, "%s", "%s",\n     "%s",\n     "%s",\n     "%s",\n     "%s"},' % r)

# RSA-OAEP with a label: a fixed 2048-bit key, a ciphertext made here, decrypted by the backends.
key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
pk8 = key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
for alg, h in [('RSA-OAEP', hashes.SHA1()), ('RSA-OAEP-SHA256', hashes.SHA256())]:
    label = det(f'label-{alg}', 19); msg = det(f'oaep-msg-{alg}', 30)
    ct = key.public_key().encrypt(msg, padding.OAEP(mgf=padding.MGF1(algorithm=h), algorithm=h, label=label))
    print('// OAEP', alg, 'label', label.hex(), 'msg', msg.hex())
    print('CT', ct.hex())
print('PKCS8', pk8.hex())
