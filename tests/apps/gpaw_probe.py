"""Whether this python can run the GPAW apps tests (apps.cmake): GPAW
with MPI, ScaLAPACK and ELPA in its extension, and the PAW setups and dzp
basis sets of H, O and Si (Debian: gpaw, gpaw-data).  Prints "ok" or
what is missing."""
import os

try:
    import _gpaw
    import gpaw
except Exception as e:  # any failure to import means no GPAW here
    print('cannot import gpaw: %s' % e)
    raise SystemExit(0)

missing = [f for f in ('Communicator', 'scalapack_redist', 'pyelpa_init')
           if not hasattr(_gpaw, f)]
for name in ('H.PBE', 'O.PBE', 'Si.PBE',
             'H.dzp.basis', 'O.dzp.basis', 'Si.dzp.basis'):
    if not any(os.path.exists(os.path.join(d, name + gz))
               for d in gpaw.setup_paths for gz in ('', '.gz')):
        missing.append(name)
print('missing: ' + ' '.join(missing) if missing else 'ok')
