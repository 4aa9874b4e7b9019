import { Module } from '@nestjs/common';
import { GoogleSignInService } from './google-sign-in.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { ProfileService } from './profile.service.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({ controllers: [UsersController], providers: [UsersService, GoogleSignInService, PasswordResetService, ProfileService], exports: [UsersService] })
export class UsersModule {}
