import forge from 'node-forge';
import type * as PdfLibModule from 'pdf-lib';
import type { PDFDocument, rgb as pdfRgb } from 'pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { SignatureField } from './contract-pdf';
import { SEAL_RED, type SealDrawing } from './seal';

const asn1 = forge.asn1;
const MM_TO_PT = 72 / 25.4;
/** Bytes kept for the CMS structure: the certificate, its CA and the signature fit in well under half. */
const SIGNATURE_BYTES = 8192;
/** id-aa-signingCertificateV2 (RFC 5035): binds the signer's certificate into what is signed (PAdES B-B). */
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

export interface SigningIdentity {
  certificatePem: string;
  privateKeyPem: string;
  /** The issuing CA certificates, so a verifier can build the chain. */
  chainPem: string[];
}

export interface SignatureRequest {
  field: SignatureField;
  seal: SealDrawing;
  identity: SigningIdentity;
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
}

/** The seal's red as pdf-lib's colour. */
function hexRed(rgb: typeof pdfRgb) {
  const n = Number.parseInt(SEAL_RED.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Draws the seal as vector paths centred in the signature field. */
function stampSeal(
  doc: PDFDocument,
  field: SignatureField,
  seal: SealDrawing,
  red: ReturnType<typeof hexRed>,
): void {
  const page = doc.getPage(field.page);
  const [x1, y1, x2, y2] = field.rect;
  const sizePt = seal.sizeMm * MM_TO_PT;
  const x = (x1 + x2 - sizePt) / 2;
  const top = (y1 + y2 + sizePt) / 2;
  for (const shape of seal.shapes) {
    page.drawSvgPath(shape.d, {
      x,
      y: top,
      scale: MM_TO_PT,
      ...(shape.fill ? { color: red } : {}),
      ...(shape.strokeMm ? { borderColor: red, borderWidth: shape.strokeMm } : {}),
      // Seals are printed over the text: multiply keeps the text under them legible.
      opacity: 0.9,
      borderOpacity: 0.9,
    });
  }
}

const derOf = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();

/**
 * CMS SignedData, detached, SHA-256 with RSA, with the signed attributes PAdES B-B asks for: content type,
 * message digest and the signing certificate (v2); no signing-time attribute (the time is the signature
 * dictionary's /M). node-forge writes the first two; the third is added to its structure and the attributes
 * signed again.
 */
class PadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const certificate = forge.pki.certificateFromPem(this.identity.certificatePem);
    const key = forge.pki.privateKeyFromPem(this.identity.privateKeyPem) as forge.pki.rsa.PrivateKey;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    p7.addCertificate(certificate);
    for (const pem of this.identity.chainPem) p7.addCertificate(forge.pki.certificateFromPem(pem));
    p7.addSigner({
      key,
      certificate,
      digestAlgorithm: forge.pki.oids.sha256 ?? '2.16.840.1.101.3.4.2.1',
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType ?? '', value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest ?? '' },
      ],
    });
    p7.sign({ detached: true });
    const contentInfo = p7.toAsn1();
    const signedData = (contentInfo.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[];
    const signedDataSeq = signedData[0]?.value as forge.asn1.Asn1[];
    const signerInfos = signedDataSeq[signedDataSeq.length - 1]?.value as forge.asn1.Asn1[];
    const signerInfo = signerInfos[0]?.value as forge.asn1.Asn1[];
    // node-forge writes the issuer's UTF8String names encoded once more than the certificate holds them (a
    // Chinese CA name no longer matches): the signer's issuer and serial are copied from the certificate's DER.
    const tbs = (asn1.fromDer(forge.pki.pemToDer(this.identity.certificatePem)).value as forge.asn1.Asn1[])[0]
      ?.value as forge.asn1.Asn1[];
    const issuerAndSerial = signerInfo[1] as forge.asn1.Asn1;
    issuerAndSerial.value = [tbs[3] as forge.asn1.Asn1, tbs[1] as forge.asn1.Asn1];
    const attributes = signerInfo[3] as forge.asn1.Asn1;
    const signature = signerInfo[5] as forge.asn1.Asn1;

    const certHash = forge.md.sha256.create().update(derOf(forge.pki.certificateToAsn1(certificate)));
    const signingCertificate = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer(SIGNING_CERTIFICATE_V2).getBytes(),
      ),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              // hashAlgorithm left out: SHA-256 is its default.
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, certHash.digest().getBytes()),
            ]),
          ]),
        ]),
      ]),
    ]);
    // DER orders a SET OF by encoding; verifiers that re-encode the attributes see the same bytes.
    const items = [...(attributes.value as forge.asn1.Asn1[]), signingCertificate].sort((a, b) =>
      Buffer.compare(Buffer.from(derOf(a), 'binary'), Buffer.from(derOf(b), 'binary')),
    );
    attributes.value = items;
    const signedSet = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
    const md = forge.md.sha256.create().update(derOf(signedSet));
    signature.value = key.sign(md);
    return Buffer.from(derOf(contentInfo), 'binary');
  }
}

type PdfLib = typeof PdfLibModule;

/** A file some party signed already: it carries a signature dictionary's byte range. */
const isSigned = (pdf: Uint8Array) => Buffer.from(pdf).includes('/ByteRange');

/** The offset the file's last `startxref` names: where its newest cross-reference section starts. */
function lastCrossRefOffset(pdf: Buffer): number {
  const at = pdf.lastIndexOf('startxref');
  const offset = /startxref\s+(\d+)/.exec(pdf.subarray(at, at + 40).toString('latin1'))?.[1];
  if (at < 0 || offset === undefined) throw new Error('a PDF without startxref');
  return Number(offset);
}

/**
 * The file with `doc`'s changes appended as an incremental update (ISO 32000-1, 7.5.6): the original bytes
 * untouched, so a signature made on them stays valid, then the objects the change added and every object of
 * the file that is neither a stream nor a signature (the page, the form, the catalog the seal and the new
 * field change; the streams of the original pages and fonts and the earlier signatures are left where they
 * are), a cross-reference section for them and a trailer pointing back at the original's.
 */
function incrementalUpdate(lib: PdfLib, original: Buffer, doc: PDFDocument, lastBefore: number): Buffer {
  const { PDFCrossRefSection, PDFDict, PDFName, PDFRef, PDFStream, PDFTrailer, PDFTrailerDict } = lib;
  const chunks: Buffer[] = [original];
  let offset = original.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  if (original[original.length - 1] !== 0x0a) push(Buffer.from('\n'));
  const xref = PDFCrossRefSection.createEmpty();
  const objects = doc.context
    .enumerateIndirectObjects()
    .filter(
      ([ref, object]) =>
        ref.objectNumber > lastBefore ||
        !(
          object instanceof PDFStream ||
          // An earlier signature is never changed: rewritten, it would only weigh.
          (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Sig'))
        ),
    )
    .sort(([a], [b]) => a.objectNumber - b.objectNumber);
  for (const [ref, object] of objects) {
    xref.addEntry(ref, offset);
    const body = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(body);
    push(Buffer.from('\nendobj\n\n', 'latin1'));
  }
  const xrefAt = offset;
  const tail = (item: {
    sizeInBytes(): number;
    copyBytesInto(buffer: Uint8Array, offset: number): number;
  }) => {
    const bytes = Buffer.alloc(item.sizeInBytes());
    item.copyBytesInto(bytes, 0);
    push(bytes);
  };
  tail(xref);
  const { Root, Info } = doc.context.trailerInfo;
  tail(
    PDFTrailerDict.of(
      doc.context.obj({
        Size: doc.context.largestObjectNumber + 1,
        Root: Root ?? PDFRef.of(0),
        ...(Info ? { Info } : {}),
        Prev: lastCrossRefOffset(original),
      }),
    ),
  );
  push(Buffer.from('\n', 'latin1'));
  tail(PDFTrailer.forLastCrossRefSectionOffset(xrefAt));
  return Buffer.concat(chunks);
}

/**
 * The signature just placed, named as a PDF reader shows it: the placeholder writes its reason, signer and
 * location as byte strings, which turns Chinese into other characters (and may leave a parenthesis that ends
 * the string early), and names every signature field Signature1. The texts become UTF-16 text strings and
 * the field takes the next free name, so a file signed twice has two fields of their own.
 */
function nameSignature(lib: PdfLib, doc: PDFDocument, request: SignatureRequest): void {
  const { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFRef, PDFString } = lib;
  const annots = doc.getPage(request.field.page).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  const widget = annots?.lookupMaybe(annots.size() - 1, PDFDict);
  const ref = widget?.get(PDFName.of('V'));
  // The placeholder keeps the signature dictionary as bytes of its own (PDFInvalidObject), written as is.
  const placed = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
  if (!widget || !(ref instanceof PDFRef) || !(placed instanceof PDFInvalidObject)) {
    throw new Error('the signature placeholder was not found');
  }
  const bytesOf = (object: {
    sizeInBytes(): number;
    copyBytesInto(buffer: Uint8Array, offset: number): number;
  }) => {
    const bytes = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return bytes;
  };
  let dict = bytesOf(placed);
  const texts: [string, string][] = [
    ['Reason', request.reason],
    ['Name', request.signerName],
    ['Location', request.location],
  ];
  for (const [key, text] of texts) {
    const written = Buffer.concat([Buffer.from(`/${key} `), bytesOf(PDFString.of(text))]);
    const at = dict.indexOf(written);
    if (at < 0) throw new Error(`the signature's ${key} was not found`);
    dict = Buffer.concat([
      dict.subarray(0, at),
      Buffer.from(`/${key} `),
      bytesOf(PDFHexString.fromText(text)),
      dict.subarray(at + written.length),
    ]);
  }
  doc.context.assign(ref, PDFInvalidObject.of(dict));
  const fields = doc.catalog.getAcroForm()?.getAllFields() ?? [];
  widget.set(PDFName.of('T'), PDFString.of(`Signature${Math.max(1, fields.length)}`));
}

/**
 * Places the seal on the party's signature field and signs the file (PAdES, ETSI.CAdES.detached): a
 * signature field over the whole document but its own /Contents, so any later change of a byte shows. A
 * file another party signed already is signed again by an incremental update, its first signature intact:
 * a contract carries the signature of each party that signed it.
 */
export async function stampAndSign(pdf: Uint8Array, request: SignatureRequest): Promise<Buffer> {
  // Loaded on the first signature: pdf-lib weighs on the start-up of a server that may never sign.
  const [lib, { pdflibAddPlaceholder }, { SignPdf }] = await Promise.all([
    import('pdf-lib'),
    import('@signpdf/placeholder-pdf-lib'),
    import('@signpdf/signpdf'),
  ]);
  const { PDFDocument, rgb } = lib;
  const signedBefore = isSigned(pdf);
  // Loaded as it is: an update of the metadata would rewrite the Info a signature may cover.
  const doc = await PDFDocument.load(pdf, { updateMetadata: !signedBefore });
  const lastBefore = doc.context.largestObjectNumber;
  stampSeal(doc, request.field, request.seal, hexRed(rgb));
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: doc.getPage(request.field.page),
    reason: request.reason,
    contactInfo: '',
    name: request.signerName,
    location: request.location,
    signingTime: request.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: request.field.rect,
    appName: 'chain-bill',
  });
  nameSignature(lib, doc, request);
  const prepared = signedBefore
    ? incrementalUpdate(lib, Buffer.from(pdf), doc, lastBefore)
    : Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new PadesSigner(request.identity), request.signingTime);
}
