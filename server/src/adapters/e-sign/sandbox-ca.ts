import crypto from 'node:crypto';
import forge from 'node-forge';

/** A certificate with its private key, both PEM. */
export interface KeyedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const CA_YEARS = 10;
const ORG_CERT_YEARS = 2;
/** Valid from a little before issue, so a clock a few minutes behind on a verifier still accepts it. */
const BACKDATE_MS = 10 * 60 * 1000;

function newKeyPair(): {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  pem: string;
} {
  // Node generates the key (milliseconds); node-forge, which builds the certificates, would take seconds.
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return {
    privateKey: forgeKey,
    publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e),
    pem,
  };
}

const serial = () => `01${crypto.randomBytes(15).toString('hex')}`;

/** The sandbox provider's certificate authority: self-signed, it issues every organisation's certificate. */
export function issueSandboxCa(platformName: string, now: number): KeyedCertificate {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now - BACKDATE_MS);
  cert.validity.notAfter = new Date(now + CA_YEARS * YEAR_MS);
  const subject = [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: platformName, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'CN', value: `${platformName}电子签名沙箱CA`, valueTagClass: forge.asn1.Type.UTF8 },
  ] as forge.pki.CertificateField[];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: keys.pem };
}

/** An organisation's signing certificate, issued by the sandbox CA, naming it and its credit code. */
export function issueOrgCertificate(
  ca: KeyedCertificate,
  org: { name: string; creditCode: string },
  now: number,
): KeyedCertificate {
  const caCert = forge.pki.certificateFromPem(ca.certificatePem);
  const caKey = forge.pki.privateKeyFromPem(ca.privateKeyPem);
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now - BACKDATE_MS);
  cert.validity.notAfter = new Date(now + ORG_CERT_YEARS * YEAR_MS);
  cert.setSubject([
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: org.name, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'CN', value: org.name, valueTagClass: forge.asn1.Type.UTF8 },
    // organizationIdentifier (X.520): the unified social credit code.
    { type: '2.5.4.97', value: `NTRCN-${org.creditCode}` },
  ] as forge.pki.CertificateField[]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: keys.pem };
}
