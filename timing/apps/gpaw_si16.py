"""GPAW timing input for scripts/run-apps.sh: 16 silicon atoms (two cubic
diamond cells), LCAO with dzp basis sets (208 orbitals), 2 x 2 x 2
k-points off Gamma, all 4 processes in one k-point's 2 x 2 BLACS grid of
16 x 16 blocks, ELPA.  Per SCF step and k-point GPAW redistributes the
Hamiltonian and overlap matrices into the BLACS grid and the coefficients
back (Cpzgemr2d), and fills each Hermitian matrix from its lower triangle
with pztranc_.

    mpirun -np 4 python3 gpaw_si16.py

Process 0 prints ENERGY <E> with every digit; GPAW's timers go to si16.txt.
"""
from ase.build import bulk
from gpaw import GPAW, mpi

atoms = bulk('Si', 'diamond', a=5.43, cubic=True).repeat((2, 1, 1))
atoms.positions[0] += (0.05, 0.02, 0.0)
parallel = {'sl_auto': False, 'sl_default': (2, 2, 16), 'use_elpa': True, 'kpt': 1}
atoms.calc = GPAW(mode='lcao', basis='dzp', xc='PBE', txt='si16.txt', h=0.25,
                  kpts={'size': (2, 2, 2), 'gamma': False}, parallel=parallel)
energy = atoms.get_potential_energy()
if mpi.world.rank == 0:
    print('ENERGY %r' % energy)
