"""GPAW in LCAO mode on 4 processes for the apps tests (apps.cmake).

    mpirun -np 4 python3 gpaw_lcao.py h2o|si

h2o: a water molecule, real matrices; si: bulk silicon with 2 x 2 x 2
k-points (none at Gamma), complex matrices.  Both use a 2 x 2 BLACS grid
of 4 x 4 blocks, given explicitly (sl_auto off), and ELPA, around which
GPAW fills the full matrix from its lower triangle with a PBLAS
transpose.  Process 0 prints the total energy and the forces with repr(),
every digit of the double, for apps_check.cmake to compare as text.
"""
import sys

from ase.build import bulk, molecule
from gpaw import GPAW, mpi

system = sys.argv[1]
parallel = {'sl_auto': False, 'sl_default': (2, 2, 4), 'use_elpa': True}
if system == 'h2o':
    atoms = molecule('H2O')
    atoms.center(vacuum=2.5)
    extra = {'h': 0.25}
elif system == 'si':
    atoms = bulk('Si', 'diamond', a=5.43)
    # Off the ideal sites, so that the forces are not zero by symmetry.
    atoms.positions[0] += (0.05, 0.02, 0.0)
    # All 4 processes in one k-point's BLACS grid, none over k-points.
    parallel['kpt'] = 1
    extra = {'h': 0.3, 'kpts': {'size': (2, 2, 2), 'gamma': False}}
else:
    sys.exit('gpaw_lcao.py: unknown system %r (h2o or si)' % system)

atoms.calc = GPAW(mode='lcao', basis='dzp', xc='PBE', txt=system + '.txt',
                  parallel=parallel, **extra)
energy = atoms.get_potential_energy()
forces = atoms.get_forces()
if mpi.world.rank == 0:
    print('ENERGY %r' % energy)
    for f in forces:
        print('FORCE %r %r %r' % tuple(f))
